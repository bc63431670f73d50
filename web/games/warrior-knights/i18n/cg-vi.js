// @ts-check
// Warrior Knights (vi): gifts at any time, Exchanging Heirs and Crown and Glory's variants.

/** @type {import('../../../shell/i18n.js').Dict} */
export default {
  "d.give_crowns": "Tặng {n} vàng cho {who}",
  "d.give_heir": "Trao {heir} cho {who}",
  "heir_of": "người thừa kế của Quý tộc {shape} của {who}",
  "heir_held_by": "người thừa kế do {who} giữ",
  "dead_heir_home": "đã chết: người thừa kế có thể trở lại ở pha Duy trì",
  "dead_heir_away": "đã chết: chỉ trở lại khi {who} trả lại người thừa kế",
  "give.title": "Tặng (bất cứ lúc nào)",
  "give.hint": "Vàng, và với luật Trao đổi người thừa kế là thẻ người thừa kế, có thể tặng cho Nam tước khác bất cứ lúc nào, dù đến lượt ai. Mọi người đều thấy và không thể hoàn tác. Lời hứa vẫn ở trong trò chuyện.",
  "give.crowns": "Vàng",
  "give.how_many": "Bao nhiêu vàng",
  "give.to": "Cho ai",
  "give.go": "Tặng",
  "give.heirs": "Thẻ người thừa kế bạn giữ",
  "give.no_heirs": "Bạn không giữ thẻ người thừa kế nào.",
  "give.confirm_crowns": "Tặng {n} vàng cho {who}?",
  "give.confirm_heir": "Trao {heir} cho {who}?",
  "give.final": "Món quà không thể lấy lại.",
  "king": "Nhà vua",
  "king_hint": "Lên ngôi khi kho Ảnh hưởng cạn: +1 Ảnh hưởng mỗi pha Duy trì; ai chiếm thành trì của vua sẽ lấy ngôi và Quân đội Nhà vua",
  "king_army_troop": "Quân đội Nhà vua {n}",
  "d.assign_king_army": "Thẻ Quân đội Nhà vua cho {holder}",
  "ph.king_army": "Nhà vua: {who} bố trí Quân đội Nhà vua",
  "king_none": "chưa có vua",
  "king_fact": "Vua: {who}",
  "king_end": "kết thúc ở {n} Ảnh hưởng",
  "king_end_hint": "Nhà vua (Crown and Glory): trò chơi kết thúc khi một Nam tước có chừng này Ảnh hưởng vào cuối vòng; ai nhiều Ảnh hưởng nhất thắng, dù có là vua hay không",
};
