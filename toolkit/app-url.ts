import { Context } from "effect"

/** The address people reach the app at, without a trailing slash; links in mails and redirects use it. */
export class AppUrl extends Context.Tag("@melody/AppUrl")<AppUrl, string>() {}
