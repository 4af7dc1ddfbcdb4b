import { useQuery } from "@tanstack/react-query"
import { RotateCcw } from "lucide-react"
import { useEffect, useRef, useState } from "react"
import { melodyGreeting, newSongMessage } from "#modules/songwriting/api-chat.ts"
import { Badge } from "../../components/ui/badge.tsx"
import { Button } from "../../components/ui/button.tsx"
import { Card } from "../../components/ui/card.tsx"
import { PageSpinner } from "../../components/ui/page-spinner.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { apology, toastFor } from "./chat-failures.ts"
import { ChatInput } from "./chat-input.tsx"
import { conversationQuery, useSendMessage, useStartNewSong } from "./chat-queries.ts"
import { LyricsCard, type LyricsEditorSlot } from "./lyrics-card.tsx"
import { type Bubble, MessageBubble } from "./message-bubble.tsx"

/** Longer than the screen, the conversation scrolls: focusable, so a keyboard scrolls it too. */
const conversationList = "flex-1 space-y-4 overflow-y-auto p-4 sm:p-6"

type GenerateControl = Parameters<typeof LyricsCard>[0]["generateControl"]

/** /chat: the conversation with Melody, and the song's lyrics once she has written them. */
export const ChatPage = ({
  generateControl,
  lyricsEditor,
}: {
  readonly generateControl: GenerateControl
  readonly lyricsEditor: LyricsEditorSlot
}) => {
  const conversation = useQuery(conversationQuery)
  // Melody's reply as she writes it, until the turn is recorded.
  const [writing, setWriting] = useState("")
  const send = useSendMessage((words) => setWriting((before) => before + words))
  const startOver = useStartNewSong()
  // Messages shown before the server has them: the one being sent, and apologies for failed turns.
  const [local, setLocal] = useState<ReadonlyArray<Bubble>>([])
  const listEnd = useRef<HTMLLIElement>(null)

  const messages: ReadonlyArray<Bubble> = [
    ...(conversation.data?.messages ?? []).filter(
      (m) => !(m.role === "assistant" && m.content === newSongMessage),
    ),
    ...local,
  ]
  const count = messages.length
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll as messages come and as Melody writes
  useEffect(() => {
    listEnd.current?.scrollIntoView({ block: "end" })
  }, [count, send.isPending, writing])

  const onSend = (message: string) => {
    const mine: Bubble = { id: `local-${Date.now()}`, role: "user", content: message }
    setLocal((current) => [...current, mine])
    setWriting("")
    send.mutate(message, {
      onSuccess: () => setLocal((current) => current.filter((m) => m.id !== mine.id)),
      onError: (error) => {
        setLocal((current) => [
          ...current,
          { id: `apology-${Date.now()}`, role: "assistant", content: apology },
        ])
        toastFor(error)
      },
    })
  }

  if (conversation.isPending) return <PageSpinner />
  if (conversation.isError) {
    return (
      <p className="text-center text-danger">
        The chat could not be loaded. Please refresh the page.
      </p>
    )
  }
  const song = conversation.data.songInfo

  return (
    <section className="mx-auto flex max-w-4xl animate-rise flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-3 font-display text-3xl font-bold tracking-tight">
            Melody AI <Badge tone="accent">Beta</Badge>
          </h1>
          <p className="mt-1 text-muted">
            Shape your song idea with Melody, then let her write the lyrics.
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={startOver.isPending || send.isPending}
          onClick={() => {
            setLocal([])
            startOver.mutate()
          }}
        >
          <RotateCcw className="h-4 w-4" aria-hidden /> New song
        </Button>
      </header>

      {song.lyrics && (
        <LyricsCard
          key={`${song.title}\n${song.style}\n${song.lyrics}`}
          song={song}
          generateControl={generateControl}
          lyricsEditor={lyricsEditor}
        />
      )}

      <Card className="flex h-[min(70vh,44rem)] flex-col overflow-hidden">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list is reached by keyboard */}
        <ol tabIndex={0} className={conversationList} aria-label="Conversation">
          <MessageBubble message={{ id: "greeting", role: "assistant", content: melodyGreeting }} />
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              footer={
                message.lyrics
                  ? generateControl({
                      title: message.title || song.title,
                      style: message.style || song.style,
                      lyrics: message.lyrics,
                    })
                  : undefined
              }
            />
          ))}
          {send.isPending && writing !== "" && (
            <MessageBubble message={{ id: "writing", role: "assistant", content: writing }} busy />
          )}
          {send.isPending && writing === "" && (
            <li>
              <p className="flex items-center gap-2 text-sm text-muted" role="status">
                <Spinner className="h-4 w-4" /> Melody is writing...
              </p>
            </li>
          )}
          <li ref={listEnd} aria-hidden />
        </ol>
        <ChatInput pending={send.isPending} onSend={onSend} />
      </Card>
    </section>
  )
}
