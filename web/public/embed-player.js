// The embedded players' one script (app/http/embed-pages.ts): a play counts as it does in the app, once
// 30 seconds (or half a shorter song) has been heard, played and not skipped to; one song plays at a
// time in a playlist's player.
const heardEnough = (duration) => Math.min(30, duration / 2)

for (const audio of document.querySelectorAll("audio[data-song]")) {
  let heard = 0
  let at = 0
  let counted = false
  audio.addEventListener("play", () => {
    for (const other of document.querySelectorAll("audio")) if (other !== audio) other.pause()
  })
  audio.addEventListener("timeupdate", () => {
    const step = audio.currentTime - at
    at = audio.currentTime
    // Between two updates playback moves a fraction of a second; a seek jumps further.
    if (counted || step <= 0 || step >= 2) return
    heard += step
    if (heard < heardEnough(audio.duration)) return
    counted = true
    void fetch(`/api/songs/${encodeURIComponent(audio.dataset.song)}/plays`, {
      method: "POST",
    }).catch(() => undefined)
  })
  // Played through, it counts again the next time it is heard enough.
  audio.addEventListener("ended", () => {
    heard = 0
    counted = false
  })
}
