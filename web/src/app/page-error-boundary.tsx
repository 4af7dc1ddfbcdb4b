import { Component, type ComponentType, type ReactNode } from "react"

/** What a page that broke is drawn with instead: its error. */
export interface PageErrorProps {
  readonly error: unknown
}

interface Props {
  /** The address: a new one draws the page again. */
  readonly resetKey: string
  readonly fallback: ComponentType<PageErrorProps>
  readonly children: ReactNode
}

interface State {
  readonly failed: boolean
  readonly error: unknown
  readonly resetKey: string
}

/**
 * Draws `fallback` in place of a page that threw while rendering (or whose code could not load), until
 * the address changes. React catches a render's error only in a class component.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: undefined, resetKey: props.resetKey }
  }

  override render() {
    const Fallback = this.props.fallback
    return this.state.failed ? <Fallback error={this.state.error} /> : this.props.children
  }
}
