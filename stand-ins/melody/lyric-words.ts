/**
 * English word lists for reading a theme: the words that carry no subject of their own, and the
 * spellings that look like verbs or adverbs but name things.
 */

const list = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/))

/** Function words, common verbs and vague words: none of them can be what a song is about. */
export const stopwords = list(`
  a an the this that these those my your our his her their its mine yours ours theirs
  i me we us you he him she they them it myself yourself ourselves himself herself themselves itself
  and or but nor so yet if then than because as while when where why how what who whom whose which
  whether though although unless until till since once
  about above across after against along among around at before behind below beneath beside besides
  between beyond by down during except for from in inside into like near of off on onto out outside
  over past per through throughout to toward towards under underneath up upon via with within without
  am is are was were be been being have has had having do does did done doing
  will would shall should can could may might must ought wanna gonna gotta
  not no yes yeah oh ok okay please just very really quite rather too also even still only ever never
  always often sometimes usually maybe perhaps almost already again soon later now today tonight
  here there everywhere anywhere somewhere nowhere away back together apart
  all any both each every few many more most much other others some such own same several enough
  less least lots lot
  one two three four five six seven eight nine ten first second last next
  something anything nothing everything someone anyone everyone noone somebody anybody everybody nobody
  thing things stuff way ways kind sort type bit part kid
  head mind heart body eyes hands face feet
  say says said go goes went gone get gets got gotten make makes made know knows knew known
  think thinks thought take takes took taken see sees saw seen come comes came want wants wanted
  look looks looked use uses used find finds found give gives gave given tell tells told
  call calls called try tries tried ask asks asked need needs needed feel feels felt become became
  leave leaves left put puts mean means meant keep keeps kept let lets begin began begun seem seemed
  help helped talk talked turn turned start started show showed shown hear heard run ran
  move moved live lived believe believed hold held bring brought happen happened write wrote written
  sit sat stand stood lose lost pay paid meet met learn learned learnt change changed lead led
  understand understood watch watched follow followed stop stopped speak spoke spoken read allow
  spend spent grow grew grown open opened walk walked win won remember remembered buy bought
  wait waited stay stayed fall fell fallen reach reached teach taught miss missed forget forgot
  forgotten cry cried sing sang sung bring brings getting going coming making taking giving
  share shared pass passed raise raised send sent build built wish wished wonder wondered
  realize realise realized realised care cared trying loved loves
  ask asks want wanted gets felt became
  song songs track tracks lyrics lyric tune tunes ballad anthem verse chorus hook vibe vibes style
  genre tempo bpm vocals vocal instrumental remix cover version beat beats mood feel
  male female voice voices singer singers sung
  pop hip hop rap jazz edm techno synthwave classical orchestral lofi lo fi reggae punk grunge disco
  funk indie acoustic electronic r&b rnb
`)

/** Genre names that are also things ("my grandmother's house"), unless a word for music follows. */
export const genreNouns = list("rock house country soul folk blues metal")

/** Words for a piece of music: after a genre noun they make it a style ("a country song"). */
export const musicWords = list(
  "song songs track tracks tune tunes ballad anthem beat beats vibe vibes music style",
)

/** Words ending in -ing that name things, not actions. */
export const ingNouns = list(`
  morning evening spring king thing ring wing string swing wedding ceiling feeling building painting
  beginning ending darling sibling clothing earring offspring lightning pudding blessing ceiling
  meaning wellbeing sing sling sting bling cling ping ding wing viking spring thanksgiving
  stocking stuffing icing frosting landing railing siding awning filling sapling duckling evening
  nothing something everything anything
`)

/** Words ending in -ly that name things, not how something is done. */
export const lyNouns = list(`
  family july italy lily holly belly jelly butterfly firefly dragonfly ally rally bully assembly
  anomaly monopoly melancholy supply reply fly
`)

/** Words ending in -ed that are not verbs. */
export const edWords = list(`
  bed red shed sled seed need speed breed bread thread head sacred naked wicked beloved hundred
  bride freed reed weed steed creed greed deed feed fled bled wed
`)

/** Common adjectives: they can describe a theme but cannot be one on their own. */
export const adjectives = list(`
  small big old young new little long short happy sad good bad great warm cold hot cool bright dark
  sweet kind free wild quiet slow fast lonely green blue red golden yellow white black pink purple
  orange grey gray brown silver empty full deep high low soft hard strong weak rich poor late early
  real true whole entire tiny huge vast wide narrow tall brave proud gentle tender simple pretty
  beautiful lovely ugly strange familiar favorite favourite dear bitter broken lost last best worst
  busy calm clear dry wet fresh clean dirty easy heavy loud open closed safe sick
  silent smooth thin thick tired whole wise wrong younger older endless
  special perfect precious distant ancient modern holy silly jolly friendly lively chilly curly daily
  elderly
`)

/** Nouns used without "the": feelings, ideas, seasons and other uncountables. */
export const bareNouns = list(`
  love hope faith time peace grace courage patience trust joy pride fear life music home heaven hell
  truth youth fame money gold nature fate freedom wisdom kindness happiness loneliness childhood
  friendship summer winter spring autumn christmas sunday monday tuesday wednesday thursday friday
  saturday midnight sunshine moonlight starlight strength power glory honor honour silence laughter
  darkness sadness heartbreak romance passion destiny forever beauty innocence memory nostalgia
  adventure history magic wonder belief change luck chaos gratitude healing loss grief defeat victory
  success failure regret pain ambition desire longing doubt
`)

/** Family words: without a determiner they are the singer's own ("Dad's guitar" is "my dad"). */
export const kinNouns = list(`
  mother father mom mum dad daddy mama papa grandmother grandfather grandma grandpa granny nana
  brother sister son daughter wife husband aunt uncle cousin
`)

/** People, who can teach and be missed ("my father", "the girl"). */
export const personNouns = list(`
  friend friends lover girl boy man woman kid kids child children baby teacher neighbor neighbour
  crew band team people family mentor partner girlfriend boyfriend sweetheart stranger
`)

/** Places, which can shape a person ("the small town taught me"). */
export const placeNouns = list(`
  town city village street streets road roads garden home house country world ocean sea river
  mountain mountains desert island farm school church neighborhood neighbourhood hood block corner
  kitchen valley coast beach park
`)

/** Hardships: a song can remember them and learn from them, but never misses them. */
export const troubleNouns = list(`
  illness sickness disease cancer accident divorce breakup heartbreak war loss grief pain defeat
  failure fear doubt regret depression anxiety addiction struggle struggles hardship hardships
  trouble troubles poverty prison jail debt injury surgery funeral death loneliness sadness
`)

/** Time words: themes only when nothing better is at hand ("the same week"). */
export const timeNouns = list(`
  night nights day days morning mornings evening evenings week weeks month months year years hour
  hours moment moments weekend time times
`)

/** Ideas rather than things: a line can hold on to them, but not see or touch them. */
export const ideaNouns = list(`
  love hope faith time peace grace courage patience trust joy pride fear life truth youth fame fate
  freedom wisdom kindness happiness loneliness childhood friendship strength power glory honor honour
  darkness sadness heartbreak romance passion destiny forever beauty innocence memory nostalgia
  adventure history magic wonder belief change luck chaos gratitude healing loss grief dream dreams
  future past memories lesson lessons promise promises goodbye silence defeat victory success failure
  regret pain ambition desire longing doubt hate night nights day days morning evening moment moments
  weekend year years hour hours times week weeks month months
`)

/** Object pronouns that may follow a verb in a phrase like "missing you". */
export const objectPronouns = list("me you him her us them it")

/** Prepositions that may open the rest of a phrase like "dancing in the rain". */
export const phrasePrepositions = list(
  "with in to for from on at through into across around under over by along toward towards",
)
