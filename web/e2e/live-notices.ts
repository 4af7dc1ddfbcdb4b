declare global {
  interface Window {
    __followed: {
      notices: Array<{ at: number; kind: string }>
      phases: Array<{ at: number; text: string }>
      open: boolean
    }
  }
}

/** In the page: when each live notice came, and when the generation dialog's phase changed. */
export const followLiveNotices = () => {
  const followed: Window["__followed"] = { notices: [], phases: [], open: false }
  window.__followed = followed
  const Original = window.EventSource
  window.EventSource = class extends Original {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init)
      this.addEventListener("open", () => {
        followed.open = true
      })
      this.addEventListener("message", (event) => {
        const { kind } = JSON.parse((event as MessageEvent<string>).data) as { kind: string }
        if (kind === "generation") followed.notices.push({ at: performance.now(), kind })
      })
    }
  }
  new MutationObserver(() => {
    const text = document.querySelector('[data-testid="generation-phase"]')?.textContent
    if (text && followed.phases.at(-1)?.text !== text)
      followed.phases.push({ at: performance.now(), text })
  }).observe(document, { subtree: true, childList: true, characterData: true })
}
