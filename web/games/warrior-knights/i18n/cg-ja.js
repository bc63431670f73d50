// @ts-check
// Warrior Knights (ja): gifts at any time, Exchanging Heirs and Crown and Glory's variants.

/** @type {import('../../../shell/i18n.js').Dict} */
export default {
  "d.give_crowns": "{who}に{n}クラウンを渡す",
  "d.give_heir": "{who}に{heir}を渡す",
  "heir_of": "{who}の{shape}貴族の後継者",
  "heir_held_by": "後継者は{who}が保持",
  "dead_heir_home": "死亡：後継者は維持フェイズに復帰できる",
  "dead_heir_away": "死亡：{who}が後継者を返すまで復帰できない",
  "give.title": "贈与（いつでも）",
  "give.hint": "クラウンと、「後継者の交換」ルールでは後継者トークンを、誰の手番でもいつでも他の男爵に渡せます。全員に公開され、取り消せません。約束はチャットで。",
  "give.crowns": "クラウン",
  "give.how_many": "クラウンの数",
  "give.to": "相手",
  "give.go": "渡す",
  "give.heirs": "あなたが持つ後継者トークン",
  "give.no_heirs": "後継者トークンを持っていません。",
  "give.confirm_crowns": "{who}に{n}クラウンを渡しますか？",
  "give.confirm_heir": "{who}に{heir}を渡しますか？",
  "give.final": "贈与は取り消せません。",
  "king": "国王",
  "king_hint": "影響力の山が尽きたときに戴冠：毎維持フェイズ+1影響力。その城塞を奪った者が王冠と国王軍を得る",
  "king_army_troop": "国王軍 {n}",
  "d.assign_king_army": "国王軍カードを{holder}へ",
  "ph.king_army": "国王：{who}が国王軍を配置",
  "king_none": "国王はまだいない",
  "king_fact": "国王：{who}",
  "king_end": "影響力{n}で終了",
  "king_end_hint": "国王（Crown and Glory）：ラウンド終了時にこの影響力を持つ男爵がいればゲーム終了。国王かどうかに関わらず影響力最多が勝つ",
};
