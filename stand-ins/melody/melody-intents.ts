/**
 * What a message asks Melody to do, apart from the song facts it carries: agree, refuse, hand over the
 * choices, start again, thank, ask for help. Each test is a plain predicate on the message text.
 */

/** Curly quotes and apostrophes as straight ones, so one pattern covers what phones type. */
export const normalise = (text: string): string =>
  text.replace(/[\u2018\u2019\u02bc`]/g, "'").replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')

const test = (pattern: RegExp) => (text: string) => pattern.test(normalise(text))

export const affirmationPattern =
  /(?<![\p{L}'])(?:yes+|yeah|yea|yep|yup|sure|ok|okay|okey|alright|all right|go ahead|go for it|sounds (?:good|great|perfect|lovely|amazing|awesome|fine|right)|perfect|let's do (?:it|this)|lets do (?:it|this)|let's go|lets go|write it|do it|great|love it|love that|absolutely|of course|please do|definitely|that works|works for me|awesome|excellent|wonderful|exactly|deal|yes please)(?![\p{L}'])|👍|👌|✅/giu

const refusalStart =
  /^\s*(?:no|nope|nah|not yet|not really|not quite|wait|hold on|stop|hmm+,? no)(?![\p{L}'])/iu
const refusalAnywhere =
  /(?<![\p{L}'])(?:not yet|hold on|wait a|not sure|don't write|do not write)/iu

/** Agreement, alone or in a longer sentence ("Yes, that sounds perfect!"), but not "no" or "not yet". */
export const isAffirmation = (text: string): boolean => {
  const plain = normalise(text)
  if (refusalStart.test(plain) || refusalAnywhere.test(plain)) return false
  return new RegExp(affirmationPattern.source, "iu").test(plain)
}

export const isRefusal = test(refusalStart)

/** The person hands the remaining choices to Melody. */
export const wantsDefaults = test(
  /(?<![\p{L}'])(?:just write (?:it|them|the (?:song|lyrics)|something|one|me (?:a|an|one|something)|a|an)|^\s*just write(?=[\s.!]*$)|just do it|surprise me|you (?:choose|decide|pick)|up to you|your (?:choice|call)|dealer's choice|whatever you (?:think|like|want|prefer)|i don't (?:mind|care)|doesn't matter|no preference|anything (?:works|is fine|goes)|skip the questions|fill in the rest|you do the rest)(?![\p{L}'])/iu,
)

/** Unmistakably a new song: "start over", "another song". */
export const wantsNewSong = test(
  /(?<![\p{L}'])(?:new song|start (?:over|again|fresh|afresh)|another song|different song|next song|from scratch|restart|fresh start|clean slate)(?![\p{L}'])/iu,
)

/** "Something else", "another one": a new song, unless the message also asks for a different sound. */
export const wantsSomethingElse = test(
  /(?<![\p{L}'])(?:something (?:else|different)|another one|new one)(?![\p{L}'])/iu,
)

export const thanksPattern =
  /(?<![\p{L}'])(?:thanks|thank you|thank u|thx|ty|cheers|appreciate (?:it|that|you)|love (?:it|this|that|them|the lyrics)|amazing|awesome|beautiful|brilliant|fantastic|wonderful|incredible|lovely|great job|good job|well done|nailed it|so good|perfect|great|nice|cool|gorgeous)(?![\p{L}'])|❤️|❤|😍|🥰|🙏/giu

/** Thanks in words, as opposed to praise ("great") that also reads as agreement. */
export const isGratitude = test(
  /(?<![\p{L}'])(?:thanks|thank you|thank u|thx|ty|cheers|appreciate it)(?![\p{L}'])/iu,
)

export const isThanks = (text: string): boolean =>
  new RegExp(thanksPattern.source, "iu").test(normalise(text))

export const isHelpRequest = test(
  /^\s*(?:help|\?+)(?![\p{L}'])|(?<![\p{L}'])(?:help me|what (?:styles?|genres?|kinds?|sorts?|types?|instruments?|options?|moods?|voices?)|which (?:styles?|genres?|instruments?|voices?)|what can you|what do you (?:do|offer)|how (?:does|do) (?:this|it|you) work|what (?:are|r) (?:my|the) options|what should i (?:say|do|write)|how do i|can you help|what now|what next|what's next)(?![\p{L}'])/iu,
)

export const asksAboutMelody = test(
  /(?<![\p{L}'])(?:who are you|what are you|are you (?:a |an )?(?:human|real|person|bot|robot|ai|machine|computer)|what's your name|your name)(?![\p{L}'])/iu,
)

export const isGreeting = test(
  /^\s*(?:hi|hello|hey|heya|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|hola|bonjour|hallo|ciao)(?![\p{L}'])|how are you/iu,
)

/** Asking to hear the song: Melody writes words, the song itself is generated from the lyrics. */
export const wantsToHear = test(
  /(?<![\p{L}'])(?:sing|perform|play it|record|hear|listen|generate (?:the |my |a )?(?:song|music|audio|track)|make (?:the )?music|audio|mp3)(?![\p{L}'])/iu,
)

export const isQuestion = (text: string): boolean => /\?\s*$/.test(text)
