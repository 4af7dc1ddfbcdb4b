import type { CreatorProfile } from "#projections/creators/api.ts"
import type { SongView } from "#projections/songs/api.ts"
import { escapeHtml } from "#toolkit/escape-html.ts"
import { scriptJson } from "./html.ts"
import { previewTags } from "./preview-tags.ts"
import { absolute, coverOf, musicRecording } from "./song-head.ts"

/** Where a creator's page is. */
export const creatorPage = (username: string) => `/u/${encodeURIComponent(username)}`

const counted = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`

/**
 * A creator as schema.org describes a person with a profile: their name, handle, what they wrote, their
 * links, their followers and their public songs (newest first).
 */
const profilePage = (profile: CreatorProfile, songs: ReadonlyArray<SongView>, appUrl: string) => ({
  "@context": "https://schema.org",
  "@type": "ProfilePage",
  dateCreated: profile.joinedAt.toISOString(),
  mainEntity: {
    "@type": "Person",
    name: profile.name || profile.username,
    alternateName: `@${profile.username}`,
    identifier: profile.username,
    url: appUrl + creatorPage(profile.username),
    ...(profile.bio ? { description: profile.bio } : {}),
    ...(profile.links.length > 0 ? { sameAs: profile.links } : {}),
    ...(profile.avatarUrl ? { image: absolute(appUrl, profile.avatarUrl) } : {}),
    interactionStatistic: [
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/FollowAction",
        userInteractionCount: profile.followers,
      },
    ],
    agentInteractionStatistic: {
      "@type": "InteractionCounter",
      interactionType: "https://schema.org/CreateAction",
      userInteractionCount: profile.songs,
    },
  },
  hasPart: songs.map((song) => musicRecording(song, appUrl)),
})

/**
 * The head of a creator's page (/u/:username): its canonical address, OpenGraph's profile with their
 * avatar, and their `ProfilePage`.
 */
export const creatorHead = (
  profile: CreatorProfile,
  songs: ReadonlyArray<SongView>,
  appUrl: string,
) => {
  const name = profile.name || profile.username
  const title = `${name} (@${profile.username})`
  const description =
    profile.bio ||
    `${counted(profile.songs, "song")} and ${counted(profile.followers, "follower")} on Melody Studio`
  const page = appUrl + creatorPage(profile.username)
  // Their own avatar, else their newest song's cover.
  const image = profile.avatarUrl ?? songs.map(coverOf).find((cover) => cover)
  return [
    `<link rel="canonical" href="${escapeHtml(page)}">`,
    `<script type="application/ld+json">${scriptJson(profilePage(profile, songs, appUrl))}</script>`,
    `<meta property="profile:username" content="${escapeHtml(profile.username)}">`,
    ...previewTags({
      type: "profile",
      title,
      description,
      url: page,
      image: image && absolute(appUrl, image),
      card: "summary",
    }),
  ].join("\n    ")
}
