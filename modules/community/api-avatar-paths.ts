/** Where a creator's uploaded avatar is served, from the key it is stored under (`avatars/<id>.webp`). */
export const avatarPath = (key: string) => `/api/${key}`

/** The largest avatar a creator may upload. */
export const maxAvatarBytes = 5 * 1024 * 1024
/** The smallest side an uploaded avatar may have: smaller ones would be blurred at the page's size. */
export const minAvatarSide = 128
/** The largest side: larger ones are not a person's avatar but a way to use our memory. */
export const maxAvatarSide = 8000
/** The side of the square we keep and serve. */
export const avatarSide = 512
