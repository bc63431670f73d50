// @ts-check
// The rules reference in English (a summary in our own words, not the rulebook's text).

/** @type {Array<{h: string, p: Array<string>, li?: Array<string>}>} */
export default [
 {
  "h": "Goal",
  "p": [
   "Each player leads an order of knights across medieval Europe. You gain Influence (the victory points) by fighting enemies, raising troops and putting up buildings. When the common Influence supply is used up, the round is finished and the player with the most Influence wins."
  ]
 },
 {
  "h": "Your turn",
  "p": [
   "Everyone has a private wheel of six wedges; each wedge shows an action and starts with two action tokens. On your turn you normally:"
  ],
  "li": [
   "pick a wedge that has at least one token;",
   "perform its action with a strength equal to the number of tokens there, plus your permanent bonuses;",
   "then lift all tokens from that wedge and drop them one at a time on the following wedges, going clockwise, wrapping around if needed.",
   "Instead of acting you may flip a wedge to its upgraded side (it then offers two actions, and you split its tokens between them) and afterwards sow any one wedge if you like.",
   "Only when all six wedges are upgraded may you skip the action and just sow a wedge."
  ]
 },
 {
  "h": "The five actions",
  "p": [
   "The strength of an action is its token count plus bonuses."
  ],
  "li": [
   "Travel: spend the strength as movement points for your knights; stepping out of a region costs 1, or 2 if an enemy stands there.",
   "Muster: if the strength reaches the cost of your cheapest hidden troop, turn it face up; you score its level, and every troop on display adds 1 to each later crusade.",
   "Crusade: attack an enemy in a region where you have a knight; you need a strength at least equal to the enemy’s.",
   "Influence: take that much Influence from the supply.",
   "Build: in a region with your knight, no enemy and no building, place your lowest remaining building of one type if the strength covers its cost (less any discount there); you score its level."
  ]
 },
 {
  "h": "Enemies and crusades",
  "p": [
   "Prussians and Slavs get tougher: their strength is read from a track that moves up one step each time one of them is beaten, and the winner scores the strength just overcome. Saracens always have strength 6; beating one lets you place the pictured building or reveal a troop for free (scoring as usual), or take 3 Influence instead.",
   "Defeated enemies stay in front of you; they count for the majorities at the end. An enemy also blocks building in its region and makes leaving it more expensive."
  ]
 },
 {
  "h": "Buildings and their bonuses",
  "p": [
   "There are four kinds — castles, churches, farms and banks — each with levels I to IV, built in order. Taking a building off your board uncovers a permanent bonus for some actions (for example farms add to Muster). Castles also free your extra knights, who appear in the castle’s region. Bonus tiles and printed discounts on the map make some buildings cheaper or worth more there.",
   "Level IV buildings score at the end: the castle for each set of one enemy of every kind, the church a fixed amount, the farm for knights on the map and troops on display, the bank for each of your level IV buildings."
  ]
 },
 {
  "h": "End of the game and scoring",
  "p": [
   "Once the last Influence token leaves the supply, play continues until everyone has had the same number of turns. Then add: for each enemy kind, 5 Influence for most defeated and 2 for second most (a tie for first gives 3 each and no second place; a tie for second gives 1 each); then the level IV building points. Most Influence wins; on a tie, the player earlier in turn order wins."
  ]
 }
];
