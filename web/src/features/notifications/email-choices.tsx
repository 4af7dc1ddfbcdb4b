import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Checkbox } from "../../components/ui/checkbox.tsx"
import { apiQuery, callApi } from "../../lib/api.ts"

type Choices = { readonly songFinished: boolean; readonly replies: boolean }

const choicesQuery = apiQuery({
  queryKey: ["email-choices"] as const,
  call: (api) => api.notificationReading.emailChoices(),
})

const topics: ReadonlyArray<readonly [keyof Choices, string]> = [
  ["songFinished", "E-mail me when a song is finished"],
  ["replies", "E-mail me when someone replies to my comments"],
]

/** Which notifications also come by e-mail: each a switch, saved as it is turned. */
export const EmailChoices = () => {
  const queryClient = useQueryClient()
  const choices = useQuery(choicesQuery)
  const choose = useMutation({
    mutationFn: (changes: Partial<Choices>) =>
      callApi((api) => api.notificationReading.chooseEmail({ payload: changes })),
    onSuccess: (saved) => queryClient.setQueryData(choicesQuery.queryKey, saved),
  })
  if (!choices.data) return null
  return (
    <fieldset className="grid gap-2 border-t border-line pt-3">
      <legend className="sr-only">E-mail</legend>
      {topics.map(([topic, label]) => (
        <span key={topic} className="flex items-center gap-2 text-sm text-muted">
          <Checkbox
            id={`email-${topic}`}
            checked={choices.data[topic]}
            disabled={choose.isPending}
            onCheckedChange={(checked) => choose.mutate({ [topic]: checked })}
          />
          <label htmlFor={`email-${topic}`}>{label}</label>
        </span>
      ))}
    </fieldset>
  )
}
