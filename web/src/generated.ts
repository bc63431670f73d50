// Generated from the Rust types by `UPDATE_EXPECT=1 cargo test -p ordo-server --test it bindings`.
// Do not edit.

export type AbandonAnswer = { 
/**
 * The seat was handed to the stand-in.
 */
handed: boolean, 
/**
 * Votes so far.
 */
votes: number, 
/**
 * Votes needed.
 */
needed: number, };

export type AbandonVote = { 
/**
 * The absent player's seat.
 */
seat: number, 
/**
 * The voter's seat token (a browser whose seat is bound to it sends none).
 */
token?: string, };

export type Ack = { "type": "ack", 
/**
 * The table version after it.
 */
version: number, };

export type Act = "travel" | "muster" | "crusade" | "influence" | "build";

export type Action = { "type": "pick_order", 
/**
 * The order.
 */
order: Order, } | { "type": "place_wedge", 
/**
 * Wedge index into the wedge table.
 */
wedge: number, } | { "type": "setup_token", 
/**
 * Wheel position.
 */
pos: number, } | { "type": "setup_single", 
/**
 * Wheel position.
 */
pos: number, } | { "type": "setup_upgrade", 
/**
 * Wheel position.
 */
pos: number, } | { "type": "start", 
/**
 * Region.
 */
region: RegionId, } | { "type": "resolve", 
/**
 * Wheel position.
 */
pos: number, } | { "type": "upgrade", 
/**
 * Wheel position.
 */
pos: number, } | { "type": "skip_turn" } | { "type": "split", 
/**
 * The action resolved first.
 */
first: Act, 
/**
 * Tokens (pieces) assigned to it (at least 1).
 */
tokens: number, 
/**
 * Female Order of the Band: the giant token is among the first action's pieces.
 */
giant: boolean, } | { "type": "move", 
/**
 * The knight (index among your knights).
 */
knight: number, 
/**
 * Destination.
 */
to: RegionId, } | { "type": "end_travel" } | { "type": "crusade", 
/**
 * Region with your knight and the enemy.
 */
region: RegionId, } | { "type": "saracen_reward", 
/**
 * Take the free building or troop.
 */
take: boolean, } | { "type": "build", 
/**
 * Building type.
 */
building: BuildingKind, 
/**
 * Region with your knight.
 */
region: RegionId, } | { "type": "forgo" } | { "type": "distribute", 
/**
 * Wheel position.
 */
pos: number, } | { "type": "no_distribute" } | { "type": "sow", 
/**
 * Power choices.
 */
choice: SowChoice, } | { "type": "setup_giant", 
/**
 * Wheel position.
 */
pos: number, } | { "type": "setup_mark", 
/**
 * Enemy type.
 */
enemy: EnemyKind, } | { "type": "boost", 
/**
 * Tiles spent (0 = none).
 */
count: number, } | { "type": "take_tile", 
/**
 * Region.
 */
region: RegionId, } | { "type": "flip_wedge", 
/**
 * Wheel position.
 */
pos: number, } | { "type": "mill_remove", 
/**
 * Base building type.
 */
building: BuildingKind, 
/**
 * Its level (1–4).
 */
level: number, } | { "type": "crusade_swap", 
/**
 * Your knight's region.
 */
region: RegionId, 
/**
 * The adjacent region.
 */
with: RegionId, };

export type BonusTile = { "effect": "discount", 
/**
 * Type.
 */
building: BuildingKind, 
/**
 * Reduction.
 */
amount: number, } | { "effect": "influence", 
/**
 * Type.
 */
building: BuildingKind, 
/**
 * Extra Influence.
 */
amount: number, };

export type BotRatingEntry = { 
/**
 * The bot (`random`, `heuristic`, `easy`, `medium`, `hard`, `max`).
 */
bot: string, 
/**
 * Player-count group: `2`, `3-4` or `5-6`.
 */
group: string, 
/**
 * Rating, rounded.
 */
rating: number, 
/**
 * Its deviation (the ladder's standard error), rounded.
 */
deviation: number, };

export type BuildingKind = "castle" | "church" | "farm" | "bank" | "keep" | "chapel" | "mill" | "vault";

export type BuildingView = { 
/**
 * Owner.
 */
owner: Seat, 
/**
 * Type.
 */
kind: BuildingKind, 
/**
 * Level 1–4.
 */
level: number, };

export type ChangePassword = { 
/**
 * The current password.
 */
password: string, 
/**
 * The new one (the same rules as at sign-up).
 */
new_password: string, };

export type ChatLine = { 
/**
 * Its position in the table's chat (1, 2, …).
 */
seq: number, 
/**
 * `players` (the table's talk, read by everyone) or `spectators` (read by spectators
 * only until the game ends).
 */
channel: string, 
/**
 * The seat that said it; `null` for a spectator.
 */
seat: number | null, 
/**
 * The speaker's name as it was then (`null`: the seat's or "Spectator" in the reader's
 * language).
 */
name: string | null, 
/**
 * A quick phrase's id (see `QUICK_PHRASES`), shown in the reader's language; `null` for
 * a text.
 */
phrase: string | null, 
/**
 * The text, plain (never markup); empty for a quick phrase.
 */
text: string, 
/**
 * The table version it was said at (a replay shows it there).
 */
at_version: number, 
/**
 * When, milliseconds since the Unix epoch.
 */
at: number, };

export type ClientMsg = { "Action": { 
/**
 * Client message id.
 */
id: string, 
/**
 * The version the decision was made against.
 */
version: number, 
/**
 * One of the `legal[i].action` values.
 */
action: unknown, } } | { "Undo": { 
/**
 * Client message id.
 */
id: string, 
/**
 * The version seen.
 */
version: number, } } | "Resync" | { "Chat": { 
/**
 * Plain text, up to 500 characters.
 */
text?: string, 
/**
 * A quick phrase's id instead of a text.
 */
phrase?: string, } } | { "Presence": { 
/**
 * Hidden.
 */
away: boolean, } };

export type ClockSpec = { 
/**
 * Starting time per seat, milliseconds.
 */
initial_ms: number, 
/**
 * Time added after each decision, milliseconds.
 */
increment_ms?: number, 
/**
 * The most time a seat may hold after a decision's increment, milliseconds (none: no cap).
 */
max_ms?: number, };

export type Config = { 
/**
 * Number of players: 2–4, or 5–6 with Crimson & Amber Knight.
 */
players: number, 
/**
 * Wheel layout variant.
 */
variant: Variant, 
/**
 * Play with knight orders (always on in Knight Tournament).
 */
orders: boolean, 
/**
 * Board Game Arena rule: a player dealt the Knights of Calatrava is offered a third tile.
 */
calatrava_third: boolean, 
/**
 * Expansions (absent from base-game records).
 */
expansions: Expansions, 
/**
 * House rule for six players with Crimson & Amber Knight: the shared-building rule, which
 * the rules give for five players, applies at six too (the reading of rules revisions 1–2).
 */
shared_buildings_at_six: boolean, 
/**
 * The owner's data pack the table plays with (its id, see `ordo_core::pack`); absent: the
 * built-in data.
 */
data?: string, };

export type CrBuilt = { 
/**
 * Region (index).
 */
region: number, 
/**
 * Building type.
 */
kind: BuildingKind, 
/**
 * Its level (1–4).
 */
level: number, 
/**
 * The Build points it cost; `None` when it came free (a Saracen's reward).
 */
cost: number | null, };

export type CrEffect = { 
/**
 * Influence the deciding seat gained.
 */
influence?: number, 
/**
 * The (non-upgraded) wedge's action resolved by this decision, with its value.
 */
resolved?: CrResolved, 
/**
 * Face-up troops before and after, when they changed.
 */
troops?: [number, number], 
/**
 * A Muster that bought no troop: the next troop's cost.
 */
next_troop?: number, 
/**
 * A Muster that bought no troop because none is left.
 */
no_troop_left?: boolean, 
/**
 * The enemy defeated and its strength.
 */
defeated?: [EnemyKind, number], 
/**
 * Buildings placed.
 */
built?: Array<CrBuilt>, 
/**
 * A wedge upgraded: its position, its basic and its added action.
 */
upgraded?: [number, Act, Act], };

export type CrResolved = { 
/**
 * The action.
 */
act: Act, 
/**
 * Its value: the wedge's pieces plus bonuses.
 */
value: number, };

export type CreateTable = { 
/**
 * Game id (`crusaders`, `warrior-knights`; see `GET /api/games`).
 */
game: string, 
/**
 * The game's config (players, variant, expansions, ...; for Crusaders, `Config`).
 */
config: unknown, 
/**
 * One entry per seat.
 */
seats: Array<SeatKind>, 
/**
 * Open a lobby: human seats are claimed with `join` before the game starts.
 */
lobby?: boolean, 
/**
 * Real-time or turn-based.
 */
pace?: Pace, 
/**
 * A clock for the human seats.
 */
clock?: ClockSpec, 
/**
 * The bot playing for players who leave or run out of time (default `heuristic`).
 */
standin?: string, 
/**
 * A "Learn to play" table: dealt from the game's fixed tutorial seed, so that the guided
 * first game always starts from the same setup (nothing dealt there is a secret to anyone
 * who knows the seed).
 */
tutorial?: boolean, 
/**
 * A rated table: the result changes the players' Glicko-2 ratings. Needs a clock, a
 * signed-in creator, and every human seat taken by a signed-in account.
 */
rated?: boolean, };

export type Created = { 
/**
 * Table id.
 */
id: string, 
/**
 * SHA-256 commitment of the seed, revealed when the game ends.
 */
seed_commitment: string, 
/**
 * Seat tokens, by seat (bots' tokens are not handed out).
 */
tokens: Array<string | null>, 
/**
 * The host's token.
 */
host_token: string, };

export type DeleteMe = { 
/**
 * The account's password.
 */
password: string, };

export type DivineView = { 
/**
 * Influence tiles collected (face up or down).
 */
tiles: number, 
/**
 * Unspent one-shot tiles: travel, muster, crusade, influence, build.
 */
one_shot: [number, number, number, number, number], 
/**
 * End-game tiles held.
 */
end_tiles: number, 
/**
 * Chapel action tokens left.
 */
chapel_tokens: number, 
/**
 * Coats of arms left.
 */
arms_left: number, 
/**
 * Vault I–III end-game Influence.
 */
vault_points: number, };

export type Enemy = "prussian" | "slav" | { "saracen": SaracenFace };

export type EnemyKind = "prussian" | "slav" | "saracen";

export type ErrorBody = { 
/**
 * Stable code.
 */
code: string, 
/**
 * Readable message.
 */
message: string, };

export type Expansions = { 
/**
 * Divine Influence: new Influence action and tiles, Keep/Chapel/Mill/Vault, four orders.
 */
divine_influence: boolean, 
/**
 * Crimson & Amber Knight: 5–6 players, shared buildings, two orders.
 */
crimson_amber: boolean, };

export type GameEntry = { 
/**
 * Game id.
 */
id: string, 
/**
 * Name.
 */
name: string, 
/**
 * Fewest seats.
 */
min_seats: number, 
/**
 * Most seats.
 */
max_seats: number, 
/**
 * The owner's data pack new tables play with (its id), if the server was given one.
 */
pack: string | null, 
/**
 * The bots' fixed ratings, as the bot ladder measured them (`docs/bots.md`): what a rated
 * table counts each bot as, per player-count group.
 */
bots: Array<BotRatingEntry>, };

export type Hint = { 
/**
 * The suggested decision (one of the seat's legal decisions).
 */
action: unknown, 
/**
 * Its readable label.
 */
label: string, 
/**
 * The search's estimate of the seat's winning chances after it, 0 to 1.
 */
value: number, 
/**
 * How many of the search's simulations went through it.
 */
visits: number, 
/**
 * Why: the decision and the line the search expects after it (the most explored reply at
 * each step, whoever makes it), as log lines with what each step did, played out on a
 * position guessed from the seat's own view (hidden cards and chance are the search's
 * guesses, never the true ones). The first line is the suggested decision itself.
 */
line: Array<LogLine>, };

export type Hints = { 
/**
 * The table version the hints are for.
 */
version: number, 
/**
 * Simulations run.
 */
iterations: number, 
/**
 * Up to three suggestions, best first.
 */
hints: Array<Hint>, };

export type InfluenceTile = { 
/**
 * Influence value needed to take it.
 */
cost: number, 
/**
 * Level (I–IV): Influence gained when taken.
 */
level: number, 
/**
 * What it does.
 */
effect: TileEffect, };

export type Invite = { 
/**
 * The seat.
 */
seat: number, 
/**
 * Its new invite token (`null` when revoked).
 */
token: string | null, };

export type Joined = { 
/**
 * The seat claimed.
 */
seat: number, 
/**
 * The seat's token (a fresh one when joining without an invite).
 */
token: string, 
/**
 * The table's status after joining.
 */
status: TableStatus, 
/**
 * The seat is bound to the person who asked (their account or guest cookie): their
 * browser finds it with no token. `false` when they hold another seat at this table.
 */
bound: boolean, };

export type LeaderRow = { 
/**
 * The account's name.
 */
name: string, 
/**
 * Glicko-2 rating.
 */
rating: number, 
/**
 * Rating deviation.
 */
deviation: number, 
/**
 * Rated games played.
 */
games: number, };

export type Leaderboard = { 
/**
 * Game id.
 */
game: string, 
/**
 * Player-count group: `2`, `3-4` or `5-6`.
 */
group: string, 
/**
 * Rows, highest rating first.
 */
rows: Array<LeaderRow>, };

export type Legal = { 
/**
 * The decision to send back (the game's action type; for Crusaders, `Action`).
 */
action: unknown, 
/**
 * A readable label.
 */
label: string, };

export type LogLine = { 
/**
 * The deciding seat.
 */
seat: number, 
/**
 * Made in secret (while seats decided simultaneously, or a decision the game keeps hidden,
 * such as a Fate card discarded face down): hidden from other viewers until the game ends.
 */
secret: boolean, 
/**
 * A readable label (English), `null` while the decision is secret to this viewer.
 */
label: string | null, 
/**
 * The decision (the game's action type), `null` while secret to this viewer.
 */
action: unknown, 
/**
 * What the decision did, as the game's public facts (for Crusaders a `CrEffect`, for
 * Warrior Knights a `WkEffect`); absent when it did nothing its own words do not say, and
 * while the decision is secret to this viewer.
 */
effect?: unknown, 
/**
 * A bot's "why" (a search bot's or a stand-in's decision): the decision and the line it
 * expected after it, as log lines played out on a position guessed from the bot's own view.
 * It reflects what that seat knew, so it is sent to that seat's viewer, and to everyone
 * once the game is over; absent otherwise.
 */
why?: Array<LogLine>, };

export type Me = { 
/**
 * The account's name as written at sign-up.
 */
name: string, 
/**
 * The e-mail address for notifications, if any.
 */
email: string | null, 
/**
 * Sign-up time, milliseconds since the Unix epoch.
 */
created_at: number, };

export type MyTable = { 
/**
 * Table id.
 */
id: string, 
/**
 * Game id.
 */
game: string, 
/**
 * Table status.
 */
status: TableStatus, 
/**
 * Where it stands for this player (the list is sorted by it).
 */
state: MyTableState, 
/**
 * The game waits for this player's decision.
 */
your_turn: boolean, 
/**
 * The player's seat.
 */
seat: number, 
/**
 * Every seat as everyone sees it (the opponents' names and bots).
 */
seats: Array<SeatPublic>, 
/**
 * Each seat's presence now.
 */
presence: Array<Presence>, 
/**
 * Remaining time per seat, milliseconds (`null` without a clock).
 */
clocks: Array<number> | null, 
/**
 * When the last decision was made, milliseconds since the Unix epoch.
 */
last_move_at: number | null, 
/**
 * When the table was created, milliseconds since the Unix epoch.
 */
created_at: number, 
/**
 * A rated table.
 */
rated: boolean, 
/**
 * Real-time or turn-based.
 */
pace: Pace, 
/**
 * The table's clock, if any.
 */
clock: ClockSpec | null, };

export type MyTableState = "your_turn" | "waiting" | "open" | "finished";

export type NameSeat = { 
/**
 * The name (control characters removed, at most 40 characters).
 */
name: string, 
/**
 * The seat's token, if the seat is not found by the browser's cookie.
 */
token?: string, };

export type NotifySettings = { 
/**
 * A sound in open Ordo pages when it becomes the player's turn.
 */
sound: boolean, 
/**
 * A browser notification (the page asks the browser's permission when it is switched on).
 */
browser: boolean, 
/**
 * An e-mail (one per table per turn, several tables waiting in one mail).
 */
email: boolean, 
/**
 * A webhook called with a JSON POST (Discord and Slack incoming webhooks understand it).
 */
webhook: string | null, 
/**
 * On vacation until then (milliseconds since the Unix epoch): the player's clocks on
 * turn-based tables do not run, and no reminders are sent.
 */
vacation_until: number | null, 
/**
 * The account's e-mail address (read only here; set on the account page).
 */
email_address: string | null, 
/**
 * The language mails and webhooks are written in (`en`, `vi`, `ja`, `ru`).
 */
lang: string, };

export type Order = "alcantara" | "aviz" | "calatrava" | "holy_sepulchre" | "hospitaller" | "montesa" | "santiago" | "st_lazarus" | "templar" | "teutonic" | "female_band" | "livonian" | "dragon" | "brandenburg" | "utrecht" | "holy_ghost";

export type Pace = "real_time" | "turn_based";

export type PhaseView = { "phase": "pick_orders" } | { "phase": "tournament" } | { "phase": "order_setup", 
/**
 * Who.
 */
seat: Seat, } | { "phase": "start_region", 
/**
 * Who.
 */
seat: Seat, } | { "phase": "turn", 
/**
 * Whose turn.
 */
seat: Seat, 
/**
 * The step of the turn.
 */
step: StepView, 
/**
 * The wedge used this turn.
 */
wedge: number, 
/**
 * The second action of a split wedge, still to come.
 */
pending: [Act, number] | null, } | { "phase": "over" };

export type PlayerView = { 
/**
 * The seat.
 */
seat: Seat, 
/**
 * The knight order (hidden from others until every player has chosen).
 */
order: Order | null, 
/**
 * Order tiles dealt to this seat: only in the seat's own view, while choosing.
 */
offered: Array<Order> | null, 
/**
 * Whether the seat has made its secret setup choice.
 */
chosen: boolean, 
/**
 * Position in turn order (0 = start player).
 */
turn_rank: number, 
/**
 * The action wheel, position 0..5 (empty while hidden in Knight Tournament).
 */
wheel: Array<WedgeView>, 
/**
 * Per building type (castle, church, farm, bank, keep, chapel, mill, vault): bit `l` set
 * when level `l + 1` has left the player board (built, or removed by a Mill).
 */
off_board: [number, number, number, number, number, number, number, number], 
/**
 * Face-up troops.
 */
troops_up: number, 
/**
 * Knights: region, or `None` while waiting on the player board / not in play.
 */
knights: Array<RegionId | null>, 
/**
 * Defeated enemies: Prussian, Slav, Saracen.
 */
defeated: [number, number, number], 
/**
 * Influence collected.
 */
influence: number, 
/**
 * Permanent bonuses: travel, muster, crusade, influence, build.
 */
bonus: [number, number, number, number, number], 
/**
 * Female Order of the Band: the wedge holding the giant token (worth 2).
 */
giant: number | null, 
/**
 * Order of the Holy Ghost: the marked enemy type.
 */
mark: EnemyKind | null, 
/**
 * Divine Influence: influence tiles collected, unspent one-shot tiles per action, end-game
 * tiles, Chapel tokens and coats of arms left, Vault I–III points.
 */
divine: DivineView | null, };

export type Presence = "online" | "away" | "offline";

export type Profile = { 
/**
 * The account's name.
 */
name: string, 
/**
 * Sign-up time, milliseconds since the Unix epoch.
 */
created_at: number, 
/**
 * Finished games played (rated or not).
 */
games: number, 
/**
 * Ratings per game and player-count group.
 */
ratings: Array<ProfileRating>, 
/**
 * Results per Order or Baron.
 */
roles: Array<ProfileRole>, 
/**
 * Rating history, oldest first.
 */
history: Array<RatingPoint>, };

export type ProfileRating = { 
/**
 * Game id.
 */
game: string, 
/**
 * Player-count group.
 */
group: string, 
/**
 * Glicko-2 rating.
 */
rating: number, 
/**
 * Rating deviation.
 */
deviation: number, 
/**
 * Rated games played.
 */
games: number, 
/**
 * Rated games won.
 */
wins: number, };

export type ProfileRole = { 
/**
 * Game id.
 */
game: string, 
/**
 * The role: in Crusaders the Order played (its id, `aviz`), in Warrior Knights the
 * Baron, by seat number (`0`, `1`, …), which fixes the Baron.
 */
role: string, 
/**
 * Finished games played with it.
 */
played: number, 
/**
 * Won.
 */
won: number, };

export type RatingChange = { 
/**
 * The rating before the table.
 */
before: number, 
/**
 * The rating after it.
 */
after: number, 
/**
 * The rating deviation after it.
 */
deviation: number, };

export type RatingPoint = { 
/**
 * Game id.
 */
game: string, 
/**
 * Player-count group.
 */
group: string, 
/**
 * The table.
 */
table: string, 
/**
 * When the table ended, milliseconds since the Unix epoch.
 */
at: number, 
/**
 * The rating after it.
 */
rating: number, 
/**
 * The deviation after it.
 */
deviation: number, };

export type RegionId = number;

export type RegionView = { 
/**
 * Region id.
 */
id: RegionId, 
/**
 * Enemy token, face up.
 */
enemy: Enemy | null, 
/**
 * Building-bonus tile.
 */
tile: BonusTile | null, 
/**
 * Buildings: owner, type, level.
 */
buildings: Array<BuildingView>, 
/**
 * Knights here: (owner, knight index).
 */
knights: Array<[Seat, number]>, 
/**
 * Divine Influence: the influence tile still here.
 */
influence_tile: InfluenceTile | null, 
/**
 * Divine Influence: seats with a coat of arms here.
 */
arms: Array<Seat>, };

export type Rematched = { 
/**
 * The new table.
 */
table: string, 
/**
 * The player's seat there (the same as at the finished table).
 */
seat: number, 
/**
 * The seat's token there (programs; a browser holds the seat by its cookie).
 */
token: string, 
/**
 * The seat is bound to the person who accepted.
 */
bound: boolean, };

export type ReplayStep = { 
/**
 * Decisions in effect shown (0 = the start).
 */
at: number, 
/**
 * Decisions in effect in the whole game so far.
 */
total: number, 
/**
 * The decision that led here (`null` at the start, or when it was secret).
 */
last: LogLine | null, 
/**
 * Seats with a decision pending in this position.
 */
to_act: Array<number>, 
/**
 * The spectator's view of this position (the game's view type).
 */
view: unknown, 
/**
 * The table talk said up to this position (the last 50 messages; the spectators' too
 * once the game is over).
 */
chat: Array<ChatLine>, };

export type SaracenFace = { "building": BuildingKind } | "troop";

export type ScoreBreakdown = { 
/**
 * Influence collected during play.
 */
influence: number, 
/**
 * Enemy majority awards: Prussian, Slav, Saracen.
 */
majorities: [number, number, number], 
/**
 * Divine Influence: influence-tile majority award.
 */
tile_majority: number, 
/**
 * Level-IV building scoring (and, with Divine Influence, Vault I–III).
 */
buildings: number, 
/**
 * Divine Influence: end-game influence tiles.
 */
tiles: number, 
/**
 * Total.
 */
total: number, };

export type Seat = number;

export type SeatKind = { "kind": "human" } | { "kind": "bot", 
/**
 * The bot's name.
 */
bot: string, };

export type SeatPublic = { 
/**
 * `human` or `bot`.
 */
kind: string, 
/**
 * The bot's name, for bot seats.
 */
bot: string | null, 
/**
 * The player's display name, once joined.
 */
name: string | null, 
/**
 * Whether the seat's holder has joined.
 */
joined: boolean, 
/**
 * Played by the stand-in bot until its player reclaims it.
 */
away: boolean, 
/**
 * A human seat taken by its player, who holds a token of their own: the seat's invite no
 * longer works. A client holding a seat's invite takes the seat (`join`) and goes on with
 * the token it receives.
 */
claimed: boolean, 
/**
 * The player resigned: the stand-in plays the seat to the end.
 */
resigned: boolean, 
/**
 * The player's answer to the rematch offered at the end (`null`: not answered).
 */
rematch: boolean | null, 
/**
 * The seat's time ran out after this many decisions in effect; the stand-in played from
 * there.
 */
timed_out_at: number | null, 
/**
 * The seat's rating before and after the table (a finished rated table).
 */
rating: RatingChange | null, 
/**
 * The seats that voted to hand this absent player's seat to the stand-in.
 */
abandon_votes: Array<number>, };

export type ServerMsg = { "type": "snapshot" } & Snapshot | { "type": "patch", 
/**
 * The version the patch applies to.
 */
base: number, 
/**
 * The version after it.
 */
version: number, 
/**
 * The patch.
 */
patch: unknown, } | { "type": "ack", 
/**
 * The client's message id.
 */
id: string, 
/**
 * The table version after it.
 */
version: number, } | { "type": "chat", 
/**
 * The messages.
 */
lines: Array<ChatLine>, } | { "type": "presence", 
/**
 * Each seat's presence.
 */
seats: Array<Presence>, 
/**
 * Spectators watching.
 */
spectators: number, } | { "type": "error", 
/**
 * The client's message id, when the message could be read.
 */
id: string | null, 
/**
 * Stable code (`action/stale_version`, ...).
 */
code: string, 
/**
 * Readable message.
 */
message: string, 
/**
 * The current table version.
 */
version: number, };

export type SetNotify = { 
/**
 * See [`NotifySettings::sound`].
 */
sound: boolean, 
/**
 * See [`NotifySettings::browser`].
 */
browser: boolean, 
/**
 * See [`NotifySettings::email`] (needs an e-mail address).
 */
email: boolean, 
/**
 * An `https://` (or, where the host allows, `http://`) address, or `null`.
 */
webhook: string | null, 
/**
 * Vacation until then (at most 30 days ahead), or `null` to end it.
 */
vacation_until: number | null, 
/**
 * The language for mails and webhooks (`en`, `vi`, `ja`, `ru`; the page sends the one it
 * shows); unchanged when left out.
 */
lang?: string, };

export type Side = "small" | "large";

export type SignIn = { 
/**
 * The account's name (any case).
 */
name: string, 
/**
 * Its password.
 */
password: string, };

export type SignUp = { 
/**
 * The name other players see.
 */
name: string, 
/**
 * The password.
 */
password: string, 
/**
 * An address for notifications.
 */
email?: string, };

export type Snapshot = { 
/**
 * Table id.
 */
table: string, 
/**
 * Game id.
 */
game: string, 
/**
 * Table version (log length).
 */
version: number, 
/**
 * Table status.
 */
status: TableStatus, 
/**
 * The viewer's seat (`null` for spectators).
 */
you: number | null, 
/**
 * Seats.
 */
seats: Array<SeatPublic>, 
/**
 * Seats with a decision pending.
 */
to_act: Array<number>, 
/**
 * Remaining time per seat, milliseconds (`null` without a clock).
 */
clocks: Array<number> | null, 
/**
 * The viewer's view (the game's view type; for Crusaders, `View`).
 */
view: unknown, 
/**
 * The viewer's own legal decisions.
 */
legal: Array<Legal>, 
/**
 * The seat's last decision is the latest in effect (a take-back may be offered).
 */
can_undo: boolean, 
/**
 * The latest decisions in effect, keyed by their number in the game (zero-padded, so
 * that keys sort in order); a patch adds the new ones and removes the oldest.
 */
log: { [key in string]?: LogLine }, 
/**
 * SHA-256 commitment of the seed.
 */
seed_commitment: string, 
/**
 * The seed, revealed when the game is over.
 */
seed: string | null, 
/**
 * The nonce the commitment covers with the seed (SHA-256 of `SEED:NONCE`), revealed with
 * it; `null` for tables stored before nonces, whose commitment covers the seed alone.
 */
seed_nonce: string | null, 
/**
 * The rematch offered at the end: the new table's id (each seat's answer is in `seats`).
 */
rematch?: string, 
/**
 * Per seat, since when the game has waited on it (milliseconds since the Unix epoch;
 * `null` when it does not wait on that seat).
 */
waiting_since: Array<number | null>, 
/**
 * On an active table without a clock: how long a seat must have been waited on before
 * the others may vote to hand it to the stand-in (`POST /api/tables/{id}/abandon`).
 */
abandon_after_ms: number | null, };

export type SowChoice = { 
/**
 * Teutonic Knights: sow counter-clockwise.
 */
ccw: boolean, 
/**
 * Aviz / Santiago: the first token goes back on the emptied wedge.
 */
origin: boolean, 
/**
 * Knights Hospitaller: skip this wedge the first time sowing reaches it.
 */
skip: number | null, 
/**
 * Knights Templar: drop two tokens on this wedge the first time sowing reaches it.
 */
double: number | null, 
/**
 * Female Order of the Band: the wedge the giant token lands on, when it is sown.
 */
giant: number | null, };

export type StatusAnswer = { 
/**
 * The status.
 */
status: TableStatus, };

export type StepView = { "step": "choose" } | { "step": "split" } | { "step": "travel", 
/**
 * Movement points left.
 */
points: number, } | { "step": "boost", 
/**
 * The action.
 */
act: Act, 
/**
 * Tokens on it.
 */
x: number, } | { "step": "influence", 
/**
 * Influence value.
 */
value: number, } | { "step": "flip" } | { "step": "mill", 
/**
 * The Mill's level.
 */
level: number, } | { "step": "extra_distribute" } | { "step": "crusade", 
/**
 * Crusade value.
 */
value: number, } | { "step": "saracen", 
/**
 * The defeated token's face.
 */
face: SaracenFace, } | { "step": "build", 
/**
 * Build value.
 */
value: number, } | { "step": "upgrade_distribute" } | { "step": "skip_distribute" } | { "step": "sow" };

export type TableInfo = { 
/**
 * Table id.
 */
id: string, 
/**
 * Game id.
 */
game: string, 
/**
 * The game config.
 */
config: unknown, 
/**
 * Status.
 */
status: TableStatus, 
/**
 * Seats.
 */
seats: Array<SeatPublic>, 
/**
 * Real-time or turn-based.
 */
pace: Pace, 
/**
 * The clock, if any.
 */
clock: ClockSpec | null, 
/**
 * The stand-in bot.
 */
standin: string, 
/**
 * Table version.
 */
version: number, 
/**
 * SHA-256 commitment of the seed.
 */
seed_commitment: string, 
/**
 * The seed, revealed when the game is over.
 */
seed: string | null, 
/**
 * The nonce the commitment covers with the seed (SHA-256 of `SEED:NONCE`), revealed with
 * it; `null` for tables stored before nonces, whose commitment covers the seed alone.
 */
seed_nonce: string | null, 
/**
 * A rated table.
 */
rated: boolean, };

export type TableStatus = "open" | "active" | "finished";

export type TableSummary = { 
/**
 * Table id.
 */
id: string, 
/**
 * Game id.
 */
game: string, 
/**
 * Status.
 */
status: TableStatus, 
/**
 * The game config.
 */
config: unknown, 
/**
 * Creation time, milliseconds since the Unix epoch.
 */
created_at: number, 
/**
 * Human seats nobody has joined yet.
 */
free_seats: number, 
/**
 * The stored record could not be replayed by this server: the table cannot be played or
 * watched until the host repairs it (it is kept unchanged).
 */
damaged: boolean, 
/**
 * A rated table.
 */
rated: boolean, };

export type TileEffect = { "effect": "upgrade" } | { "effect": "distribute" } | { "effect": "one_shot", "action": Act } | { "effect": "permanent", "action": Act } | { "effect": "end_game" };

export type TrackView = { 
/**
 * Marker position (0 = start).
 */
position: number, 
/**
 * Strength at the marker.
 */
strength: number, };

export type UpdateMe = { 
/**
 * A new e-mail address; `null` or an empty text removes it.
 */
email?: string, };

export type Variant = "standard" | "learning" | "first_standard" | "unpredictable" | "knight_tournament";

export type View = { 
/**
 * Who this view is for.
 */
viewer: Viewer, 
/**
 * Number of players.
 */
players: number, 
/**
 * Variant.
 */
variant: Variant, 
/**
 * Board side.
 */
side: Side, 
/**
 * The seat that took the first turn.
 */
start_player: Seat, 
/**
 * What is being decided.
 */
phase: PhaseView, 
/**
 * Influence left in the supply (negative once overdrawn).
 */
supply: number, 
/**
 * Whether the supply has run out (the round is being finished).
 */
end_triggered: boolean, 
/**
 * Completed turns.
 */
turns: number, 
/**
 * Current Prussian strength and track position.
 */
prussian: TrackView, 
/**
 * Current Slav strength and track position.
 */
slav: TrackView, 
/**
 * Regions with something on them, ascending by id.
 */
regions: Array<RegionView>, 
/**
 * One entry per seat.
 */
seats: Array<PlayerView>, 
/**
 * Final scores once the game is over.
 */
final_scores: Array<ScoreBreakdown> | null, };

export type Viewer = { "seat": Seat } | "spectator";

export type WebhookTest = { 
/**
 * The receiver answered with a success status.
 */
ok: boolean, 
/**
 * The HTTP status it answered, if it answered.
 */
status: number | null, 
/**
 * What happened, in words.
 */
message: string, };

export type WedgeView = { 
/**
 * Basic action.
 */
basic: Act, 
/**
 * Action added by the upgrade.
 */
secondary: Act, 
/**
 * Upgraded side up.
 */
upgraded: boolean, 
/**
 * Tokens on it.
 */
tokens: number, };

export type WkAStage = "start" | "private" | "order" | "commit" | "cast" | "tally" | "done";

export type WkAction = { "place_stronghold": number } | { "assign_start": WkHolder } | { "place_noble": { 
/**
 * Which Noble.
 */
shape: number, 
/**
 * Where.
 */
area: number, } } | { "plan": { 
/**
 * Stack.
 */
stack: number, 
/**
 * Card.
 */
card: WkBaronCard, } } | "plan_done" | "decline" | "carry_out" | { "draft_spot": number } | { "allocate_to": WkZone } | { "mobilize_to": number } | { "move": { 
/**
 * Which Noble.
 */
shape: number, 
/**
 * Destination.
 */
to: number, } } | { "move_ask": { 
/**
 * Which Noble.
 */
shape: number, 
/**
 * Destination.
 */
to: number, } } | { "sail": { 
/**
 * Which Noble.
 */
shape: number, 
/**
 * Destination port area.
 */
to: number, } } | { "transfer": { 
/**
 * The card.
 */
troop: number, 
/**
 * Receiver.
 */
to: WkHolder, } } | { "transfer_army": { 
/**
 * Giver.
 */
from: WkHolder, 
/**
 * Receiver.
 */
to: WkHolder, } } | "end_moves" | "versatile_crowns" | "versatile_vote" | { "versatile_track": number } | { "versatile_battle": number } | { "attack": WkTarget } | "no_battle" | "assault" | "siege" | { "fight": number } | "engage" | { "commander": number } | { "discard_fate": number } | "keep_fate" | { "casualty": WkHolder } | "breach" | { "retreat_to": number } | "raze" | "keep_city" | { "give_city": number } | "grant" | "refuse" | "pay_wages" | { "dismiss": number } | { "hire": number } | { "hire_bundle": number } | "no_hire" | { "assign_hire": WkHolder } | { "repair": { 
/**
 * Where.
 */
site: WkSite, 
/**
 * How many.
 */
count: number, } } | { "fortify": number } | "no_upgrade" | { "muster": { 
/**
 * The army.
 */
army: WkHolder, 
/**
 * Tokens removed.
 */
count: number, } } | "no_muster" | { "event_to": number } | { "event_target": number } | "cancel_event" | "accept_event" | { "pledge": number } | { "start_expedition": number } | "no_expedition" | { "fund": number } | "bless" | "no_bless" | { "appoint": number } | { "propose": WkProposal } | { "next_agenda": number } | { "commit": number } | { "cast": WkBallot } | { "tie_break": WkBallot } | "accept_agenda" | "refuse_agenda" | { "office_to": number } | { "drop_charge": number } | "comply_tithe" | "refuse_tithe" | "buy_off_faith" | "buy_off_crowns" | "let_revolt" | { "cancel_lasting": number } | "return_done" | { "resolve_revolt": number } | { "lose_troop": number } | { "road_halt": { 
/**
 * Which Noble.
 */
shape: number, 
/**
 * The area on the road where he halts.
 */
at: number, } } | "road_stay" | { "give_crowns": { 
/**
 * The Baron who receives them.
 */
to: number, 
/**
 * How many (at least 1, at most what the giver holds).
 */
crowns: number, } } | { "give_heir": { 
/**
 * The Baron whose Noble the heir is.
 */
of: number, 
/**
 * That Noble.
 */
shape: number, 
/**
 * The Baron who receives the token.
 */
to: number, } } | { "assign_king_army": WkHolder } | { "offer": { 
/**
 * The Baron it is made to.
 */
to: number, 
/**
 * What you would hand over.
 */
give: WkStake, 
/**
 * What you ask in return.
 */
take: WkStake, } } | { "accept_offer": { 
/**
 * Who made it.
 */
from: number, 
/**
 * What he would hand over.
 */
give: WkStake, 
/**
 * What he asks in return.
 */
take: WkStake, } } | { "decline_offer": { 
/**
 * Who made it.
 */
from: number, 
/**
 * What he would hand over.
 */
give: WkStake, 
/**
 * What he asks in return.
 */
take: WkStake, } } | { "withdraw_offer": { 
/**
 * Who it was made to.
 */
to: number, } } | { "buy_advancement": number } | { "discard_advancement": number } | "advancements_done" | "research_draw" | { "refresh": number } | "refresh_done" | "let_riot" | "withdraw" | "stand_firm" | "pay_funds" | "forfeit_funds" | { "hire_garrison": number } | "no_garrison" | { "disband_garrison": number } | { "recruit_levy": { 
/**
 * The Town Levy card.
 */
levy: number, 
/**
 * The Noble.
 */
shape: number, } } | "no_levy" | { "use_advancement": number } | { "sail_at_once": { 
/**
 * Which Noble.
 */
shape: number, 
/**
 * Destination port area.
 */
to: number, } };

export type WkAssembly = { 
/**
 * Barons attending (not banned, not barred).
 */
attending: Array<number>, 
/**
 * Chairman or acting Chairman.
 */
acting: number, 
/**
 * Stage.
 */
stage: WkAStage, 
/**
 * Private Motions (kinds) still to vote.
 */
pm: Array<number>, 
/**
 * The ordered Agendas are being voted (Private Motions are done).
 */
main: boolean, 
/**
 * Agendas (kinds) voted in this order.
 */
queue: Array<number>, 
/**
 * Current Agendas not yet ordered.
 */
unordered: Array<number>, 
/**
 * The Agenda being voted (kind).
 */
voting: number | null, 
/**
 * What the Private Motion being voted proposes.
 */
proposal: WkProposal | null, 
/**
 * Votes in each Baron's fist (two Barons: one per queued Agenda). Secret until revealed.
 */
commits: Array<Array<number>>, 
/**
 * Revealed Votes on the Agenda being voted.
 */
revealed: Array<number>, 
/**
 * How each Baron cast them.
 */
casts: Array<WkBallot | null>, 
/**
 * The passed result waiting on its target.
 */
result: WkBallot | null, 
/**
 * Index of the Agenda being voted in `queue` (two Barons).
 */
index: number, };

export type WkAssemblyView = { 
/**
 * Public facts (fists emptied).
 */
assembly: WkAssembly, 
/**
 * Fists filled by each Baron.
 */
committed: Array<number>, };

export type WkBallot = "yes" | "no" | { "for": number };

export type WkBaronCard = "mobilize_forces" | "levy_taxes" | "draft_soldiers" | "rally_support" | "serve_the_church" | "versatile_strategy" | "enrich_mind" | "forced_march";

export type WkBaronView = { 
/**
 * Crowns.
 */
crowns: number, 
/**
 * Votes.
 */
votes: number, 
/**
 * Faith.
 */
faith: number, 
/**
 * Influence.
 */
influence: number, 
/**
 * Cards in hand.
 */
hand_size: number, 
/**
 * Cards laid face down on each stack this Planning.
 */
planned: [number, number, number], 
/**
 * Finished planning.
 */
plan_done: boolean, 
/**
 * Stronghold area.
 */
stronghold: number | null, 
/**
 * Troops on the Stronghold card.
 */
sh_troops: Array<number>, 
/**
 * Casualty tokens there.
 */
sh_casualties: number, 
/**
 * Breaches of the stronghold.
 */
sh_breaches: number, 
/**
 * Siege of the stronghold (besieger, round).
 */
sh_siege: [number, number] | null, 
/**
 * Charges and concessions (Agenda kinds).
 */
charges: Array<number>, 
/**
 * Banned from the Assembly.
 */
banned: boolean, 
/**
 * Out of the game.
 */
eliminated: boolean, 
/**
 * Nobles by shape.
 */
nobles: Array<WkNobleView>, };

export type WkBattle = { 
/**
 * Where.
 */
area: number, 
/**
 * The attacking Baron.
 */
attacker: number, 
/**
 * Against whom.
 */
target: WkTarget, 
/**
 * The fortification attacked, if any.
 */
fort: WkFort | null, 
/**
 * A siege rather than an assault.
 */
siege: boolean, 
/**
 * Attacking Nobles.
 */
att: Array<number>, 
/**
 * Defending Nobles.
 */
def: Array<number>, 
/**
 * Troops at the defender's stronghold fight.
 */
def_sh: boolean, 
/**
 * Commanders.
 */
cmd: [number | null, number | null], 
/**
 * Defending commander was exhausted before the battle (no ability).
 */
def_cmd_tired: boolean, 
/**
 * Fate cards in hand (secret) or revealed.
 */
hands: [Array<number>, Array<number>], 
/**
 * Cards discarded so far by each side.
 */
discarded: [number, number], 
/**
 * The side has finished discarding.
 */
kept: [boolean, boolean], 
/**
 * Hands are revealed.
 */
revealed: boolean, 
/**
 * Casualty tokens still to place per side.
 */
cas: [number, number], 
/**
 * Victory difference (attacker − defender), once counted.
 */
diff: number, 
/**
 * Nobles to retreat.
 */
retreats: Array<[number, number]>, 
/**
 * The fortification falls to the attacker.
 */
captured: boolean, 
/**
 * Stage.
 */
stage: WkStage, 
/**
 * The Fate cards each side revealed, extra draws included (public; kept once the hands go
 * back to the deck, so the battle can be told after it is over).
 */
shown: [Array<number>, Array<number>], };

export type WkBattleView = { 
/**
 * Public facts (hands emptied until revealed).
 */
battle: WkBattle, 
/**
 * Cards in each hand.
 */
hand_sizes: [number, number], };

export type WkCard = { "baron": { 
/**
 * Owner.
 */
seat: number, 
/**
 * Which card.
 */
card: WkBaronCard, } } | { "neutral": WkNeutralCard };

export type WkCityState = { 
/**
 * Controlling Baron.
 */
owner: number | null, 
/**
 * Control marker on its fortified side.
 */
fortified: boolean, 
/**
 * Razed: never controlled again.
 */
razed: boolean, 
/**
 * Breach tokens.
 */
breaches: number, 
/**
 * Besieging Baron and the round the siege was declared.
 */
siege: [number, number] | null, };

export type WkConfig = { 
/**
 * Barons at the table (2–6).
 */
barons: number, 
/**
 * Game length.
 */
length: WkLength, 
/**
 * Optional rules.
 */
optional: WkOptional, 
/**
 * The owner's data pack the table plays with (see `ordo_core::pack`); absent: the built-in
 * data.
 */
data?: string, };

export type WkDrawn = { 
/**
 * The Event (index into the cards' Events).
 */
card: number, 
/**
 * The Baron it struck.
 */
target: number, };

export type WkEffect = { 
/**
 * The card face up when the decision was made (the one being resolved).
 */
card?: WkCard, 
/**
 * The deciding Baron's change of crowns, Votes, Faith and Influence.
 */
gains?: [number, number, number, number], 
/**
 * An Agenda whose vote ended with this decision.
 */
voted?: WkVoted, 
/**
 * Events drawn because of it.
 */
events?: Array<WkDrawn>, };

export type WkEventColour = "red" | "green" | "blue";

export type WkEventDrawn = { 
/**
 * Round drawn.
 */
round: number, 
/**
 * The Event (index into the cards' Events).
 */
card: number, 
/**
 * The Baron who drew it.
 */
drawer: number, 
/**
 * The Baron it struck (the drawer, or for a blue Event the one he chose).
 */
target: number, 
/**
 * Noble, city or nationality picked by Fate for its effect.
 */
pick: number | null, 
/**
 * What became of it.
 */
result: WkEventResult, 
/**
 * The decision (count) that drew it.
 */
drawn_at: number, 
/**
 * The decision (count) that resolved it.
 */
resolved_at: number | null, };

export type WkEventResult = "pending" | "cancelled" | "happened" | "lasting";

export type WkExpedition = { 
/**
 * 0: not under way; 1–3: spot.
 */
spot: number, 
/**
 * Blessed by the Head of the Church.
 */
blessed: boolean, 
/**
 * Crowns invested per Baron.
 */
funds: [number, number, number, number, number, number], };

export type WkFort = { "city": number } | { "stronghold": number };

export type WkGloryView = { 
/**
 * Knowledge per Baron.
 */
knowledge: Array<number>, 
/**
 * The Baron holding the Scholar token.
 */
scholar: number | null, 
/**
 * The Advancements face up to buy (kinds, as the data lists them).
 */
market: Array<number>, 
/**
 * Cards left in the Advancement deck.
 */
deck: number, 
/**
 * Each Baron's Advancements (kinds).
 */
owned: Array<Array<number>>, 
/**
 * Each Baron's exhausted Advancements (face down until the Upkeep).
 */
exhausted: Array<Array<number>>, 
/**
 * Garrisons: (city, Baron).
 */
garrisons: Array<[number, number]>, 
/**
 * Garrisons still in the box.
 */
garrisons_left: number, 
/**
 * Cities rioting now (no crowns, no Influence).
 */
rioting: Array<number>, 
/**
 * Mercenary Track spots Assemble Troops has filled (no marker), until the Draft.
 */
blocked: Array<number>, 
/**
 * A Pressing Agenda cards lying in the Assembly area.
 */
pressing: number, 
/**
 * The Advancement each side of the battle under way declared.
 */
battle_advancements: [number | null, number | null], 
/**
 * The riot whose owner decides now: the city and what buys it off.
 */
riot: WkRevoltView | null, 
/**
 * The expedition whose funders must pay or forfeit now (Funds Needed).
 */
funds_needed: number | null, 
/**
 * The viewer's Enrich Mind and Forced March cards in hand.
 */
hand: [number, number] | null, 
/**
 * The Advancement Research drew, seen by the Scholar who drew it only.
 */
researched: number | null, };

export type WkHeirToken = { 
/**
 * The Baron whose Noble it is.
 */
of: number, 
/**
 * That Noble.
 */
shape: number, };

export type WkHolder = { "noble": number } | "stronghold";

export type WkKingView = { 
/**
 * The King, once crowned.
 */
king: number | null, 
/**
 * The game ends when a Baron has this much Influence at the end of a round.
 */
end_at: number, 
/**
 * Influence the King gains in every Upkeep after his crowning.
 */
bonus: number, 
/**
 * King's Army cards the King has still to place.
 */
to_place: Array<number>, };

export type WkLength = "shorter" | "standard" | "longer" | "longest";

export type WkLoc = "off" | { "at": number } | { "sea": number };

export type WkLoss = { 
/**
 * The owner, who chooses.
 */
seat: number, 
/**
 * The army.
 */
holder: WkHolder, 
/**
 * The nationality drawn for a deserter, while he is still to be chosen.
 */
deserter: number | null, 
/**
 * Casualty tokens still to be paid for (100 strength of Mercenaries each).
 */
tokens: number, 
/**
 * A 50 has been given for the current token and a second 50 is due.
 */
half: boolean, };

export type WkMine = { 
/**
 * Whose.
 */
seat: number, 
/**
 * Cards in hand by kind.
 */
hand: [number, number, number, number, number, number], 
/**
 * Cards laid this Planning per stack.
 */
planned: [Array<WkBaronCard>, Array<WkBaronCard>, Array<WkBaronCard>], 
/**
 * Own Fate cards in a battle, before the reveal.
 */
battle_hand: Array<number>, 
/**
 * Own Votes in fists not yet revealed.
 */
commits: Array<number>, 
/**
 * Own starting troops not yet given to the stronghold or a Noble, the next one first.
 */
start_troops: Array<number>, 
/**
 * *Missions*: own secret Mission (index into the data's cards).
 */
mission?: number, };

export type WkMissionResult = { 
/**
 * The Mission (index into the data's cards).
 */
mission: number, 
/**
 * Fulfilled at the end (+2 Influence).
 */
fulfilled: boolean, };

export type WkNeutralCard = "important_event" | "fund_expeditions" | "upgrade_defenses" | "muster_troops" | "uncertain_times" | "muster_forces" | "research" | "pressing_agenda" | "assemble_troops";

export type WkNobleView = { 
/**
 * Where.
 */
loc: WkLoc, 
/**
 * Exhausted.
 */
exhausted: boolean, 
/**
 * Troop cards.
 */
troops: Array<number>, 
/**
 * Casualty tokens.
 */
casualties: number, 
/**
 * Office (Agenda kind).
 */
office: number | null, 
/**
 * *No Heir* applies.
 */
no_heir: boolean, 
/**
 * His line has ended.
 */
gone: boolean, 
/**
 * Off the board after a death (his heir may return in an Upkeep).
 */
dead: boolean, 
/**
 * *Exchanging Heirs*: the Baron holding his heir token, while it lives.
 */
heir?: number, };

export type WkOffer = { 
/**
 * Who made it.
 */
from: number, 
/**
 * Who it is made to.
 */
to: number, 
/**
 * What the maker would hand over.
 */
give: WkStake, 
/**
 * What the maker asks in return.
 */
take: WkStake, };

export type WkOptional = { 
/**
 * A Private Motion may propose anything.
 */
open_private_motions: boolean, 
/**
 * Each Noble has a tradeable heir token.
 */
exchanging_heirs: boolean, 
/**
 * A Baron whose stronghold is captured is eliminated.
 */
player_elimination: boolean, 
/**
 * Only the city win counts; an empty Influence pool does not end the game.
 */
might_is_right: boolean, 
/**
 * A Noble killed by desertion is abandoned, not dead.
 */
abandoned_nobles: boolean, 
/**
 * A lasting Event may be cancelled later for its cost + 1 Faith.
 */
miracles_can_happen: boolean, 
/**
 * The FAQ's two-Baron city win: 5 Kingdom cities rather than the seed's more than half of
 * the unrazed ones (W6). Rules revisions 1 and 2 always play it.
 */
two_barons_need_five_cities: boolean, 
/**
 * Crown and Glory, *The King* (W28): a pool of 8 Influence per Baron (6 shorter, 10
 * longer), a King crowned when it runs out, with his Army and +1 Influence each Upkeep,
 * usurped by taking his stronghold; the game ends at 16 Influence (12, 20).
 */
the_king: boolean, 
/**
 * Crown and Glory, *Missions* (W29): a secret Mission per Baron, +2 Influence at the end
 * of the game if fulfilled then.
 */
missions: boolean, 
/**
 * Crown and Glory, *For Glory* (W31–): Knowledge and Advancements, Enrich Mind and Forced
 * March, Garrisons, Town Levies, Leaders and Heralds, new Neutral cards and a new Fate
 * deck. Refused until every part of it is played (`docs/research/crown-and-glory.md` §10).
 */
for_glory: boolean, };

export type WkPhaseView = { 
/**
 * Kind of decision (e.g. `planning`, `card`, `wages`).
 */
kind: string, 
/**
 * The deciding Baron, when one decides.
 */
seat: number | null, };

export type WkProposal = { "rescind_ban": number } | { "discard_law": number } | { "discard_charge": [number, number] } | { "discard_office": [number, number] } | "postpone" | { "revive": number };

export type WkRevoltView = { 
/**
 * Its owner, who decides.
 */
seat: number, 
/**
 * The city (index into the components' cities).
 */
city: number, 
/**
 * Its name.
 */
name: string, 
/**
 * Its printed income.
 */
income: number, 
/**
 * Crowns that buy the revolt off (twice the income).
 */
crowns: number, 
/**
 * Faith that buys the revolt off.
 */
faith: number, };

export type WkSite = { "city": number } | "stronghold";

export type WkStage = "fighters" | "mode" | "commanders" | "draw" | { "discard": number } | { "casualties": number } | "outcome" | "retreats" | "capture" | "done" | { "advance": number };

export type WkStake = { 
/**
 * Crowns.
 */
crowns: number, 
/**
 * An heir token.
 */
heir?: WkHeirToken, };

export type WkStanding = { 
/**
 * The King, or `None` when the leaders are still tied after every tie-break.
 */
king: number | null, 
/**
 * Place per seat (0 = first); Barons tied after every tie-break share a place.
 */
places: Array<number>, };

export type WkTarget = { "baron": number } | "neutral";

export type WkView = { 
/**
 * Barons at the table.
 */
barons_count: number, 
/**
 * Round (1-based).
 */
round: number, 
/**
 * Chairman of the Assembly.
 */
chairman: number, 
/**
 * Head of the Church.
 */
head: number, 
/**
 * Influence left in the pool.
 */
pool: number, 
/**
 * This is the last round.
 */
last_round: boolean, 
/**
 * The Barons.
 */
barons: Array<WkBaronView>, 
/**
 * Cities (index = city).
 */
cities: Array<WkCityState>, 
/**
 * Cards left in each Action stack.
 */
stacks: [number, number, number], 
/**
 * Cards per Baron in each stack (Neutral cards last).
 */
stack_owners: [Array<number>, Array<number>, Array<number>], 
/**
 * The stack being resolved.
 */
stack: number, 
/**
 * Cards in the Taxation, Wages and Assembly areas.
 */
zones: [Array<[number, WkBaronCard]>, Array<[number, WkBaronCard]>, Array<[number, WkBaronCard]>], 
/**
 * Baron markers on the Mercenary Track.
 */
track: Array<number | null>, 
/**
 * Face-up Mercenaries.
 */
offer: Array<number>, 
/**
 * Current Agendas.
 */
current_agendas: Array<number>, 
/**
 * Laws in play.
 */
laws: Array<number>, 
/**
 * Lasting Events (Event, Baron).
 */
lasting: Array<[number, number]>, 
/**
 * Expedition tracks.
 */
expeditions: [WkExpedition, WkExpedition, WkExpedition], 
/**
 * Colour of the top Event card's back.
 */
event_top: WkEventColour | null, 
/**
 * Cards in the Fate, Event, Agenda and Mercenary decks.
 */
decks: [number, number, number, number], 
/**
 * The card being resolved.
 */
revealed: WkCard | null, 
/**
 * Fate cards drawn by the last step (public).
 */
last_fate: Array<number>, 
/**
 * The pending decision.
 */
phase: WkPhaseView, 
/**
 * The battle being fought.
 */
battle: WkBattleView | null, 
/**
 * The last battle fought, as it ended, with the Fate cards each side revealed (`shown`).
 */
last_battle: WkBattle | null, 
/**
 * The Assembly in session.
 */
assembly: WkAssemblyView | null, 
/**
 * The Event being resolved: (card, drawer, target).
 */
event: [number, number, number] | null, 
/**
 * Every Event drawn so far, oldest first, with its drawer, target and what became of it.
 */
events_drawn: Array<WkEventDrawn>, 
/**
 * Each Event drawn in words (same order).
 */
events_text: Array<string>, 
/**
 * The Event discard pile (face up), bottom first.
 */
event_discard: Array<number>, 
/**
 * The revolting city whose owner decides now (Upkeep).
 */
revolt: WkRevoltView | null, 
/**
 * Rules revision 4: the owner's other revolting cities, waiting for him to pick the next.
 */
revolts_waiting: Array<WkRevoltView>, 
/**
 * Rules revision 4: losses of dead Nobles' armies still to be chosen by their owners, the
 * one being decided first.
 */
losses: Array<WkLoss>, 
/**
 * The final standing: a shared place for Barons still tied after every tie-break (rules
 * revision 4), so no King; `None` while the game goes on.
 */
standing: WkStanding | null, 
/**
 * Mercenaries hired and not yet assigned.
 */
hires: Array<number>, 
/**
 * The viewer's secrets.
 */
mine: WkMine | null, 
/**
 * Final result.
 */
outcome: { scores: Array<number>, places: Array<number> } | null, 
/**
 * Winner by seizing the Kingdom.
 */
city_winner: number | null, 
/**
 * *Missions*: every Baron's Mission and whether it was fulfilled, once the game is over
 * (absent before, and without the variant: each sees only his own, in `mine`).
 */
missions?: Array<WkMissionResult>, 
/**
 * *The King*: the variant's state (absent without it).
 */
the_king?: WkKingView, 
/**
 * *Exchanging Heirs*: the open offers the viewer made or received (W30); nobody else
 * sees them.
 */
offers?: Array<WkOffer>, 
/**
 * *For Glory*: the variant's state (absent without it).
 */
for_glory?: WkGloryView, };

export type WkVoted = { 
/**
 * The Agenda (kind).
 */
agenda: number, 
/**
 * The result: passed (`yes`), failed (`no`), or for a Baron.
 */
result: WkBallot, 
/**
 * Votes cast for the result (for a Baron: for him; otherwise yes).
 */
yes: number, 
/**
 * Votes cast against (yes/no Agendas).
 */
no: number, };

export type WkZone = "taxation" | "wages" | "assembly";
