// @ts-check
// Crusaders' guided first game ("Learn to play"): the steps the shell's guide shows, each
// pointing at a part of the table. Steps that ask for something go on once it is done.

/** @type {Array<import('../../shell/game-api.js').TutorialStep>} */
export const tutorial = [
  { key: 'learn.cr.welcome' },
  { key: 'learn.cr.setup', target: '#decisions', until: ({ view }) => view?.phase?.phase === 'turn' },
  { key: 'learn.cr.wheel', target: '#wheel-box' },
  { key: 'learn.cr.preview', target: '#wheel-box', until: ({ el, decided }) => decided > 0 || !!el('#wheel-box .wctl.sel') },
  { key: 'learn.cr.decide', target: '#wheel-box', until: ({ decided }) => decided > 0 },
  { key: 'learn.cr.map', target: '#map' },
  { key: 'learn.cr.board', target: '#my-board' },
  { key: 'learn.cr.troops', target: '#my-board .troop-track' },
  { key: 'learn.cr.crusade', target: '.enemy-fact' },
  { key: 'learn.cr.others', target: '#map', until: ({ decided }) => decided > 0 },
  { key: 'learn.cr.log', target: '#log-list' },
  { key: 'learn.cr.hints', target: '#hint' },
  { key: 'learn.cr.end', target: '#supply' },
  { key: 'learn.cr.done' },
];
