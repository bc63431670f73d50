// @ts-check
// The rules reference in Vietnamese (a summary in our own words, not the rulebook's text).

/** @type {Array<{h: string, p: Array<string>, li?: Array<string>}>} */
export default [
 {
  "h": "Mục tiêu",
  "p": [
   "Mỗi người chơi dẫn dắt một dòng hiệp sĩ đi khắp châu Âu thời trung cổ. Bạn kiếm Ảnh hưởng (điểm thắng) bằng cách đánh bại kẻ thù, chiêu mộ quân và xây công trình. Khi kho Ảnh hưởng chung cạn, vòng chơi được đánh nốt và ai có nhiều Ảnh hưởng nhất sẽ thắng."
  ]
 },
 {
  "h": "Lượt của bạn",
  "p": [
   "Mỗi người có một bánh xe riêng gồm sáu ô; mỗi ô mang một hành động và ban đầu có hai quân hành động. Trong lượt, thông thường bạn:"
  ],
  "li": [
   "chọn một ô có ít nhất một quân;",
   "thực hiện hành động của ô đó với sức mạnh bằng số quân trên ô cộng các phần thưởng vĩnh viễn;",
   "rồi nhấc toàn bộ quân khỏi ô và rải từng quân một sang các ô kế tiếp theo chiều kim đồng hồ, đi vòng lại nếu cần.",
   "Thay vì hành động, bạn có thể lật một ô sang mặt nâng cấp (khi đó ô có hai hành động và bạn chia quân giữa chúng), sau đó tùy ý rải quân của một ô bất kỳ.",
   "Chỉ khi cả sáu ô đã nâng cấp, bạn mới được bỏ hành động và chỉ rải quân một ô."
  ]
 },
 {
  "h": "Năm hành động",
  "p": [
   "Sức mạnh của hành động là số quân cộng phần thưởng."
  ],
  "li": [
   "Di chuyển: dùng sức mạnh làm điểm di chuyển cho các hiệp sĩ; rời một vùng tốn 1 điểm, hoặc 2 nếu vùng đó có kẻ thù.",
   "Chiêu mộ: nếu sức mạnh đủ chi phí của đội quân úp rẻ nhất, hãy lật ngửa nó; bạn nhận điểm bằng cấp của nó, và mỗi đội quân đã lật cộng 1 cho mọi cuộc thập tự chinh sau này.",
   "Thập tự chinh: tấn công kẻ thù ở vùng có hiệp sĩ của bạn; sức mạnh phải ít nhất bằng sức mạnh kẻ thù.",
   "Ảnh hưởng: lấy từng ấy Ảnh hưởng từ kho.",
   "Xây dựng: ở vùng có hiệp sĩ của bạn, không có kẻ thù và chưa có công trình, đặt công trình cấp thấp nhất còn lại của một loại nếu sức mạnh đủ trả chi phí (trừ giảm giá tại đó); bạn nhận điểm bằng cấp của nó."
  ]
 },
 {
  "h": "Kẻ thù và thập tự chinh",
  "p": [
   "Quân Phổ và quân Slav ngày càng mạnh: sức mạnh của chúng đọc trên một thang đo tăng một nấc mỗi khi một tên bị đánh bại, và người thắng nhận điểm bằng sức mạnh vừa vượt qua. Quân Saracen luôn có sức mạnh 6; hạ một tên cho phép bạn đặt miễn phí công trình in trên đó hoặc lật một đội quân (tính điểm như thường), hoặc nhận 3 Ảnh hưởng.",
   "Kẻ thù bị đánh bại được giữ trước mặt bạn và được tính cho phần đa số cuối ván. Kẻ thù còn ngăn xây dựng trong vùng của nó và khiến việc rời vùng đắt hơn."
  ]
 },
 {
  "h": "Công trình và phần thưởng",
  "p": [
   "Có bốn loại — lâu đài, nhà thờ, nông trại và ngân hàng — mỗi loại có cấp I đến IV, xây theo thứ tự. Lấy công trình khỏi bảng sẽ lộ ra phần thưởng vĩnh viễn cho một số hành động (ví dụ nông trại tăng Chiêu mộ). Lâu đài còn giải phóng các hiệp sĩ dự bị, họ xuất hiện ở vùng có lâu đài. Thẻ thưởng và giảm giá in trên bản đồ làm một số công trình rẻ hơn hoặc được nhiều điểm hơn ở đó.",
   "Công trình cấp IV tính điểm cuối ván: lâu đài theo mỗi bộ gồm một kẻ thù mỗi loại, nhà thờ một số điểm cố định, nông trại theo số hiệp sĩ trên bản đồ và quân đã lật, ngân hàng theo mỗi công trình cấp IV của bạn."
  ]
 },
 {
  "h": "Kết thúc và tính điểm",
  "p": [
   "Khi quân Ảnh hưởng cuối cùng rời kho, ván chơi tiếp tục cho đến khi mọi người có số lượt bằng nhau. Sau đó cộng: với mỗi loại kẻ thù, 5 Ảnh hưởng cho người hạ nhiều nhất và 2 cho người nhì (hòa hạng nhất thì mỗi người 3 và không có hạng nhì; hòa hạng nhì thì mỗi người 1); rồi điểm công trình cấp IV. Ai nhiều Ảnh hưởng nhất thắng; nếu hòa, người đi trước theo thứ tự lượt thắng."
  ]
 }
];
