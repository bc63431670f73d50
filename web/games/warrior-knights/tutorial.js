// @ts-check
// Warrior Knights' guided first round ("Learn to play"): the steps the shell's guide shows over
// setup, planning, the stacks, battles, Wages, the Assembly and the Upkeep. Steps that ask for
// something go on once it is done (setup finished, cards laid, the first round over).

const SETUP = ['setup_noble', 'setup_stronghold', 'setup_troops'];

/** @type {Array<import('../../shell/game-api.js').TutorialStep>} */
export const tutorial = [
  { key: 'learn.wk.welcome' },
  { key: 'learn.wk.setup', target: '#decisions', until: ({ view }) => view?.round >= 1 && !SETUP.includes(view?.phase?.kind) },
  { key: 'learn.wk.map', target: '#map' },
  { key: 'learn.wk.planning', target: '#wk-plan', until: ({ view }) => view?.round > 1 || view?.phase?.kind !== 'planning' },
  { key: 'learn.wk.stacks', target: '#wk-stacks' },
  { key: 'learn.wk.zones', target: '#wk-zones' },
  { key: 'learn.wk.battle', target: '#map' },
  { key: 'learn.wk.assembly', target: '#wk-agendas' },
  { key: 'learn.wk.play', target: '#decisions', until: ({ view }) => view?.round > 1 || view?.phase?.kind === 'over' },
  { key: 'learn.wk.upkeep', target: '#wk-pool' },
  { key: 'learn.wk.hints', target: '#hint' },
  { key: 'learn.wk.done' },
];
