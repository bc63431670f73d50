// @ts-check
// The rules reference in English (a summary in our own words, not the rulebook's text).

/** @type {Array<{h: string, p: Array<string>, li?: Array<string>}>} */
export default [
 {
  "h": "Goal",
  "p": [
   "Each player is a Baron reaching for the crown. He has four Nobles who lead armies on the map, a stronghold, a hand of twelve Action cards, and four resources: crowns, Votes, Faith and Influence (the victory points).",
   "You win at once if, at the start of an Upkeep, you control more than half of the Kingdom cities that have not been razed (with two Barons under the FAQ option: five cities). Otherwise the game ends after the Upkeep in which the Influence pool runs dry, and the most Influence wins."
  ]
 },
 {
  "h": "Setup",
  "p": [
   "With fewer than six Barons some Kingdom cities are razed at random. Each Baron takes 15 crowns and 400 strength of troops (four Regular cards and two Mercenaries) and gives every troop card to a Noble or to his stronghold. In turn each places his stronghold in an area without a standing city, then his Nobles that carry troops. One Baron chairs the Assembly, another is Head of the Church."
  ]
 },
 {
  "h": "A round",
  "p": [
   "Every round has three parts: Planning, Actions and Upkeep."
  ],
  "li": [
   "Planning (all at once, in secret): lay up to six cards from your hand face down, at most two on each of the three Action stacks. Two Neutral cards join each stack and every stack is shuffled.",
   "Actions: stack 1, then 2, then 3 is turned over one card at a time. A Baron card is carried out or declined by its owner; a Neutral card concerns everyone.",
   "Used Baron cards move to the Taxation, Wages or Assembly area and come back to hand only after that area's special phase."
  ]
 },
 {
  "h": "Action cards",
  "p": [
   "Baron cards:"
  ],
  "li": [
   "Mobilize Forces: move any fresh Nobles into one area and/or fight there; they become exhausted.",
   "Levy Taxes: 1 crown for each area holding one of your Nobles.",
   "Draft Soldiers: a free marker on the Mercenary Track.",
   "Rally Support: 2 Votes; strictly the most Votes takes the Chairman's gavel.",
   "Serve the Church: 1 Faith; strictly the most Faith becomes Head of the Church.",
   "Versatile Strategy: 2 crowns, or 1 Vote, or move one Noble, or fight, or buy a track spot; it goes straight back to hand.",
   "Neutral cards: Important Event, Fund Expeditions, Upgrade Defenses (repair breaches or fortify a city), Muster Troops (remove casualties for crowns), Uncertain Times (the Fate deck is shuffled)."
  ]
 },
 {
  "h": "Special phases",
  "p": [
   "An area holding two cards per Baron triggers its phase at once:"
  ],
  "li": [
   "Taxation: every Baron collects his cities' income (+1 for a fortified city) and his concessions; besieged cities pay nothing.",
   "Wages: pay the wage of every troop card, Regulars first; an unpaid Mercenary deserts. A circle Noble's army of at most 400 needs no wages.",
   "Assembly: see below.",
   "Mercenary Draft, when the track holds one marker more than there are Barons: in track order each marker may hire one face-up Mercenary for its wage."
  ]
 },
 {
  "h": "Moving and fighting",
  "p": [
   "A Noble moves one area, up to three along a road, or from a port to any port by sea (he lands in the Upkeep). Mountains cannot be crossed and rivers only at bridges; passing through another Baron's Nobles or city needs his leave.",
   "In a battle each side draws one Fate card per 100 strength (the commanding Noble adds 200, a defended city or stronghold its strength; at most 10), a side with a commander discards two, then both reveal. Results deal or prevent 100 casualties, score a victory or draw another card. Casualty tokens weaken an army, and a Noble whose casualties reach his troops dies. Two victories more kill the loser's Nobles, one more makes them retreat. The commander's shape helps: star deals 100 more, square prevents 100, triangle adds a victory.",
   "A city is assaulted (the defender adds its strength and may take casualties as breaches) or besieged (only with more strength; it falls if the same Baron sieges it again in a later round). A captured city may be razed for three times its income."
  ]
 },
 {
  "h": "The Assembly",
  "p": [
   "Attending Barons receive 1 Vote plus 1 per Kingdom city. A Private Motion is voted first; then the Chairman orders the current Agendas and each is voted: everyone hides any number of Votes in a closed fist, all open together, and the Votes are spent. Motions act at once, laws stay in play, charges, concessions and offices go to the chosen Baron. Refusing an Agenda that targets you bans you from later Assemblies. With two Barons, both secretly split their Votes over all the Agendas at once."
  ]
 },
 {
  "h": "Upkeep",
  "p": [
   "In order: check the city victory; take 1 Influence from the pool per city you control (none if your stronghold is off the board); each city without one of your Nobles draws a Fate card and may revolt unless you pay 1 Faith or twice its income; Nobles at sea land; exhausted Nobles refresh; Nobles with troops come back at your stronghold or one of your cities."
  ]
 },
 {
  "h": "End and ties",
  "p": [
   "Ties for the most Influence go to the most cities, then the most crowns, Faith and Votes together, then the most troops on the map. Optional rules: Might is right, Player elimination, Abandoned Nobles, Miracles can happen, Open Private Motions, Exchanging heirs and Two Barons: five cities, chosen when the table is created."
  ]
 },
 {
  "h": "Gifts and Exchanging heirs",
  "p": [
   "At any moment, whoever's turn it is, a Baron may give crowns to another Baron (the box “Give (at any time)” on your board). Everyone sees it; it cannot be taken back. Deals and promises are made in the table talk and bind no one.",
   "With Exchanging heirs each Noble has an heir token, held at first by his own Baron, which may be given like crowns. A dead Noble comes back in an Upkeep only once his Baron holds his heir again; No Heir kills the token for good."
  ]
 },
 {
  "h": "The King (Crown and Glory)",
  "p": [
   "The pool holds 8 Influence per Baron (6 shorter, 10 longer). When it runs out in an Upkeep, the Baron ahead on Influence (after the tie-breaks) is crowned: he places one King's Army card per Baron (Regular troops, paid first at Wages, never deserting) at his stronghold or with his Nobles at his stronghold or cities, and gains 1 more Influence in every later Upkeep. Whoever takes his stronghold takes the crown and the whole King's Army. The game ends when a Baron has 16 Influence (12, 20) at the end of a round; the most Influence wins, King or not."
  ]
 },
 {
  "h": "Missions (Crown and Glory)",
  "p": [
   "Each Baron is dealt one secret Mission before the strongholds are placed. At the end of the game (not when the Kingdom is seized) each Mission fulfilled at that moment gains its Baron 2 Influence, before the winner is known. The Missions' texts are reconstructions: the printed cards are not available."
  ]
 }
];
