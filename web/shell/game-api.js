// @ts-check
// The one interface between the shell and a game module (types only: nothing runs here).
//
// A game module (`games/<id>/index.js`, listed in `shell/games.js`) exports `game`, a `Game`.
// The shell calls it; the game reaches the shell only through the `Ctx` it is given in `init`
// (it never imports the shell's state).

/** @typedef {import('../src/generated').Snapshot} Snap */
/** @typedef {import('../src/generated').LogLine} LogLine */
/** @typedef {import('../src/generated').Legal} Legal */
/** @typedef {import('./i18n.js').Dict} Dict */
/** @typedef {Node | string | number | null | undefined | false} Kid */
/** @typedef {Kid | Array<Kid | Array<Kid>>} Kids */

/**
 * What the shell lends a game.
 * @typedef {object} Ctx
 * @property {(key: string, params?: Record<string, string | number>) => string} t  a string in the current language (the game's or the shell's)
 * @property {(key: string) => boolean} has  whether a string exists
 * @property {() => string} getLang  the current language
 * @property {(snap: Snap, seat: number) => string} seatLabel  a seat's name
 * @property {(seat: number) => string} colorName  a seat's colour's name
 * @property {(n: number) => string} roman  a roman numeral
 * @property {(i: number) => void} choose  takes the legal decision `i` (asks first if risky)
 * @property {(region: number) => void} clickRegion  a click on a region of the map
 * @property {() => boolean} canDecide  whether the player may decide now
 * @property {(action: unknown) => void} give  sends a free decision, made whoever is to act (a gift; the game's own action)
 * @property {() => boolean} canGive  whether the player may make a free decision now (seated, connected, the game going on)
 * @property {(snap: Snap, view: any, i: number, enabled: boolean, opt?: {text?: Kids, cls?: string, title?: string}) => HTMLElement} decisionButton  the button of a legal decision
 * @property {() => void} rerender  draws the table again (after a change of the game's own UI state)
 * @property {(explanation: string) => Record<string, unknown>} tip  attributes that make an element explain itself on hover, tap and focus
 * @property {(ms: number) => string} clock  a remaining time in the reader's language ("0:25", "5 h 12 min", "1 d 23 h")
 */

/**
 * A game, as the shell sees it.
 * @typedef {object} Game
 * @property {string} id
 * @property {(ctx: Ctx, data: any) => void} init  called once the game's data is fetched
 * @property {(lang: string) => Promise<Dict>} strings  the game's strings in a language
 * @property {(lang: string) => Promise<Array<{h: string, p: Array<string>, li?: Array<string>}>>} rules  its rules reference
 * @property {(data: any, t: Ctx['t'], has: Ctx['has']) => RulesSection | Array<RulesSection> | null} [reconstructed]  the rules page's list of the values its data files tag DEFAULT (reconstructed) or INFERRED (and any tables drawn from the data, as more sections, with pictures), from `GET /api/games/<id>/data`; strings come from `t` while the game's strings are in use
 * @property {(a: unknown) => number | null} region  the region (area) a decision names
 * @property {(a: unknown, view: any) => boolean} risky  whether a misclick would hurt (asked twice)
 * @property {(i: number) => string} areaName  a region's name
 * @property {(snap: Snap, view: any, legal: Legal) => string} label  a decision's text
 * @property {(view: any, e: LogLine) => string} logText  a log line's text
 * @property {(snap: Snap, view: any, legal: Legal) => string | null} [effect]  what a decision will do, in words (a hint's reason besides its winning chance)
 * @property {(snap: Snap, view: any) => string} phaseText  who does what now
 * @property {(snap: Snap, view: any) => Kids} facts  the facts under the status line
 * @property {(view: any) => boolean} finished  whether the view has final scores
 * @property {(snap: Snap, view: any, choices: Map<number, Array<number>>, picked: number | null) => Element} renderMap
 * @property {(snap: Snap, view: any) => {mine: Kids, others: Kids}} boards  the player boards (the viewer's apart)
 * @property {(snap: Snap, view: any, enabled: boolean) => {el: HTMLElement, handled: Set<number>} | null} special  decisions the game lays out itself
 * @property {(snap: Snap, view: any) => Kids} panels  side panels (battle, Assembly, …)
 * @property {(snap: Snap, view: any) => Kids} court  below the map (Warrior Knights' court)
 * @property {(view: any) => Kids} legend
 * @property {(snap: Snap, view: any, foot: {footer: Array<HTMLElement>, shown: boolean, hide: HTMLElement, show: HTMLElement}) => Kids} scores
 * @property {Array<TutorialStep>} [tutorial]  the steps of the guided first game ("Learn to play")
 * @property {(role: string) => string} roleName  a role a player played, in words, as the server's profile names it (Crusaders: the Order's id; Warrior Knights: the seat's number, which fixes the Baron; once `init` has run and the game's strings are in use)
 */

/**
 * A section of the rules page drawn from a game's data: a heading, paragraphs, a list and a picture.
 * @typedef {{h: string, p: Array<string>, li: Array<string>, pic?: Element}} RulesSection
 */

/**
 * What a guide step may look at.
 * @typedef {object} TutorialEnv
 * @property {Snap} snap
 * @property {any} view
 * @property {number} decided  the viewer's decisions since the step began
 * @property {(selector: string) => Element | null} el  an element of the page
 */

/**
 * One step of a guided first game.
 * @typedef {object} TutorialStep
 * @property {string} key  its text (a string of the game's)
 * @property {string} [target]  a selector of what it points at (outlined)
 * @property {(env: TutorialEnv) => boolean} [until]  goes on by itself once true (else a "Next" button)
 */

export {};

/**
 * What the lobby lends a game's setup form.
 * @typedef {object} SetupEnv
 * @property {(key: string, params?: Record<string, string | number>) => string} t
 * @property {(label: string, control: HTMLElement, hint?: string) => HTMLElement} field  a labelled control
 * @property {(id: string, on: boolean, set: (v: boolean) => void, disabled?: boolean) => HTMLElement} checkbox  a checkbox that redraws the form
 * @property {() => void} rerender  draws the form again
 */

/**
 * A game's part of the lobby (`games/<id>/setup.js`, small, loaded when the game is chosen or
 * listed): its options, their form, the configuration sent, a table's summary.
 * @typedef {object} Setup
 * @property {string} id
 * @property {string} playersKey  the string naming the players (Players, Barons)
 * @property {string} playersHint
 * @property {() => Record<string, any>} defaults  the options' first values
 * @property {(o: Record<string, any>) => number} maxPlayers
 * @property {(o: Record<string, any>, players: number, env: SetupEnv) => {main: Array<HTMLElement>, more: Array<HTMLElement>}} fields  fields beside the player count, and below
 * @property {(o: Record<string, any>, players: number) => unknown} config  the configuration sent to the server
 * @property {(cfg: any, t: SetupEnv['t']) => string} summary  a table's configuration, short
 */
