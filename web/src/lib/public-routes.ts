import type { Route } from "./contract-routes.ts"

// Written by public-routes.test.ts from app/api.ts: do not edit, regenerate.
const shape0 = {
  arrayOf: {
    fields: {
      id: "string",
      userId: "string",
      title: "string",
      audioUrl: "string",
      streamAudioUrl: "string",
      imageUrl: { oneOf: ["string", "null"] },
      sourceImageUrl: { oneOf: ["string", "null"] },
      duration: "int",
      isPublic: "boolean",
      style: "string",
      lyrics: "string",
      createdAt: "date",
      taskId: { oneOf: ["string", "null"] },
      origin: {
        oneOf: [
          {
            fields: {
              operation: { literal: ["extend", "replace-section", "restyle"] },
              songId: "string",
              title: "string",
            },
          },
          "null",
        ],
      },
      likes: "int",
      liked: "boolean",
      plays: "int",
      comments: "int",
      midiUrl: { oneOf: ["string", "null"] },
      partsShared: "boolean",
      lrcUrl: { oneOf: ["string", "null"] },
      creator: { fields: { username: { oneOf: ["string", "null"] } } },
      hidden: { oneOf: ["string", "null"] },
    },
  },
} as const
export const publicRoutes = {
  "identity.session": {
    path: "/api/session",
    success: {
      fields: {
        user: {
          oneOf: [
            {
              fields: {
                id: "string",
                username: "string",
                email: "string",
                name: "string",
                isAdmin: "boolean",
                emailVerified: "boolean",
              },
            },
            "null",
          ],
        },
      },
    },
    errors: {},
  },
  "songs.publicSongs": {
    path: "/api/songs/public",
    success: { fields: { songs: shape0, total: "int", snapshot: "int" } },
    errors: {},
  },
  "songs.newestSongs": { path: "/api/songs/newest", success: shape0, errors: {} },
  "songs.song": {
    path: "/api/songs/:id",
    success: {
      fields: {
        id: "string",
        userId: "string",
        title: "string",
        audioUrl: "string",
        streamAudioUrl: "string",
        imageUrl: { oneOf: ["string", "null"] },
        sourceImageUrl: { oneOf: ["string", "null"] },
        duration: "int",
        isPublic: "boolean",
        style: "string",
        lyrics: "string",
        createdAt: "date",
        taskId: { oneOf: ["string", "null"] },
        origin: {
          oneOf: [
            {
              fields: {
                operation: { literal: ["extend", "replace-section", "restyle"] },
                songId: "string",
                title: "string",
              },
            },
            "null",
          ],
        },
        likes: "int",
        liked: "boolean",
        plays: "int",
        comments: "int",
        midiUrl: { oneOf: ["string", "null"] },
        partsShared: "boolean",
        lrcUrl: { oneOf: ["string", "null"] },
        creator: { fields: { username: { oneOf: ["string", "null"] } } },
        hidden: { oneOf: ["string", "null"] },
      },
    },
    errors: { "404": [{ fields: { message: "string", _tag: { literal: ["NotFound"] } } }] },
  },
  "catalog.waveform": {
    path: "/api/songs/:id/waveform",
    success: { fields: { peaks: { arrayOf: "int" } } },
    errors: {
      "404": [{ fields: { message: "string", _tag: { literal: ["NotFound"] } } }],
      "429": [
        {
          fields: {
            message: "string",
            retryAfterSeconds: "int",
            _tag: { literal: ["TooManyRequests"] },
          },
        },
      ],
      "503": [{ fields: { message: "string", _tag: { literal: ["AudioUnavailable"] } } }],
    },
  },
  "catalog.syncedLyrics": {
    path: "/api/songs/:id/synced-lyrics",
    success: {
      fields: {
        lines: {
          arrayOf: {
            fields: {
              text: "string",
              startMs: "int",
              endMs: "int",
              words: { arrayOf: { fields: { text: "string", startMs: "int", endMs: "int" } } },
            },
          },
        },
      },
    },
    errors: { "404": [{ fields: { message: "string", _tag: { literal: ["NotFound"] } } }] },
  },
  "creators.creator": {
    path: "/api/creators/:username",
    success: {
      fields: {
        username: "string",
        name: "string",
        bio: "string",
        links: { arrayOf: "string" },
        avatarUrl: { oneOf: ["string", "null"] },
        joinedAt: "date",
        followers: "int",
        following: "int",
        songs: "int",
        likes: "int",
        plays: "int",
        followedByYou: "boolean",
        blockedByYou: "boolean",
      },
    },
    errors: { "404": [{ fields: { message: "string", _tag: { literal: ["NotFound"] } } }] },
  },
  "creators.creatorSongs": {
    path: "/api/creators/:username/songs",
    success: shape0,
    errors: { "404": [{ fields: { message: "string", _tag: { literal: ["NotFound"] } } }] },
  },
  "playlistReads.playlist": {
    path: "/api/playlists/:id",
    success: {
      fields: {
        id: "string",
        name: "string",
        description: "string",
        isPublic: "boolean",
        owner: { fields: { username: "string" } },
        isYours: "boolean",
        createdAt: "date",
        changedAt: "date",
        songs: shape0,
        covers: { arrayOf: "string" },
        hidden: { oneOf: ["string", "null"] },
      },
    },
    errors: { "404": [{ fields: { message: "string", _tag: { literal: ["NotFound"] } } }] },
  },
  "playlistReads.creatorPlaylists": {
    path: "/api/creators/:username/playlists",
    success: {
      arrayOf: {
        fields: {
          id: "string",
          name: "string",
          isPublic: "boolean",
          songs: "int",
          covers: { arrayOf: "string" },
          hasSong: "boolean",
        },
      },
    },
    errors: { "404": [{ fields: { message: "string", _tag: { literal: ["NotFound"] } } }] },
  },
} as const satisfies Record<string, Route>
