// @ts-check
// The rules reference in Vietnamese (a summary in our own words, not the rulebook's text).

/** @type {Array<{h: string, p: Array<string>, li?: Array<string>}>} */
export default [
 {
  "h": "Mục tiêu",
  "p": [
   "Mỗi người chơi là một Nam tước nhắm tới vương miện. Ông có bốn Quý tộc dẫn quân trên bản đồ, một thành trì, mười hai lá Hành động trên tay và bốn loại tài nguyên: vàng, Phiếu, Đức tin và Ảnh hưởng (điểm thắng).",
   "Bạn thắng ngay nếu khi bắt đầu một giai đoạn Duy trì, bạn kiểm soát hơn một nửa số thành phố Vương quốc chưa bị phá hủy (hai Nam tước theo tùy chọn FAQ: năm thành phố). Nếu không, ván kết thúc sau giai đoạn Duy trì mà kho Ảnh hưởng cạn, và ai nhiều Ảnh hưởng nhất thắng."
  ]
 },
 {
  "h": "Chuẩn bị",
  "p": [
   "Khi có ít hơn sáu Nam tước, một số thành phố Vương quốc bị phá hủy ngẫu nhiên. Mỗi Nam tước nhận 15 vàng và 400 sức mạnh quân (bốn lá Chính quy và hai lính đánh thuê), giao mỗi lá quân cho một Quý tộc hoặc cho thành trì. Lần lượt mỗi người đặt thành trì vào một vùng không có thành phố còn đứng, rồi đặt các Quý tộc có quân. Một Nam tước làm Chủ tịch Hội nghị, một người khác làm Người đứng đầu Giáo hội."
  ]
 },
 {
  "h": "Một vòng chơi",
  "p": [
   "Mỗi vòng có ba phần: Lập kế hoạch, Hành động và Duy trì."
  ],
  "li": [
   "Lập kế hoạch (cùng lúc, bí mật): úp tối đa sáu lá từ tay, mỗi chồng Hành động nhiều nhất hai lá. Mỗi chồng thêm hai lá Trung lập rồi được xáo.",
   "Hành động: lật lần lượt từng lá của chồng 1, rồi 2, rồi 3. Lá của Nam tước do chủ nhân thực hiện hoặc bỏ qua; lá Trung lập áp dụng cho mọi người.",
   "Lá Nam tước đã dùng chuyển sang khu Thuế, Lương hoặc Hội nghị và chỉ trở về tay sau giai đoạn đặc biệt của khu đó."
  ]
 },
 {
  "h": "Các lá Hành động",
  "p": [
   "Lá của Nam tước:"
  ],
  "li": [
   "Điều động quân: đưa các Quý tộc còn sung sức vào một vùng và/hoặc giao chiến ở đó; họ trở nên kiệt sức.",
   "Thu thuế: 1 vàng cho mỗi vùng có Quý tộc của bạn.",
   "Tuyển lính: một quân đánh dấu miễn phí trên Đường lính đánh thuê.",
   "Vận động: 2 Phiếu; ai có nhiều Phiếu nhất (không hòa) nhận búa Chủ tịch.",
   "Phụng sự Giáo hội: 1 Đức tin; ai có nhiều Đức tin nhất (không hòa) thành Người đứng đầu Giáo hội.",
   "Chiến lược linh hoạt: 2 vàng, hoặc 1 Phiếu, hoặc di chuyển một Quý tộc, hoặc giao chiến, hoặc mua một ô trên đường; lá trở về tay ngay.",
   "Lá Trung lập: Sự kiện quan trọng, Tài trợ viễn chinh, Củng cố phòng thủ (sửa lỗ hổng hoặc gia cố thành phố), Tập hợp quân (trả vàng để bỏ thương vong), Thời loạn (xáo bộ Định mệnh)."
  ]
 },
 {
  "h": "Giai đoạn đặc biệt",
  "p": [
   "Một khu có đủ hai lá cho mỗi Nam tước thì giai đoạn của nó diễn ra ngay:"
  ],
  "li": [
   "Thuế: mỗi Nam tước thu thu nhập các thành phố (+1 nếu được gia cố) và các đặc quyền; thành phố bị vây không nộp gì.",
   "Lương: trả lương mọi lá quân, Chính quy trước; lính đánh thuê không được trả sẽ đào ngũ. Đạo quân tối đa 400 của Quý tộc hình tròn không cần lương.",
   "Hội nghị: xem bên dưới.",
   "Tuyển lính đánh thuê, khi đường có số quân đánh dấu nhiều hơn số Nam tước một: theo thứ tự, mỗi dấu được thuê một lính đánh thuê đang lật bằng tiền lương của nó."
  ]
 },
 {
  "h": "Di chuyển và giao chiến",
  "p": [
   "Quý tộc đi một vùng, tối đa ba vùng theo đường bộ, hoặc từ cảng đến bất kỳ cảng nào bằng đường biển (cập bến khi Duy trì). Núi không vượt được, sông chỉ qua ở cầu; đi xuyên qua Quý tộc hay thành phố của Nam tước khác cần được cho phép.",
   "Trong trận đánh, mỗi bên rút một lá Định mệnh cho mỗi 100 sức mạnh (Quý tộc chỉ huy thêm 200, thành phố hay thành trì phòng thủ thêm sức mạnh của nó; tối đa 10), bên có chỉ huy bỏ hai lá, rồi cùng lật. Kết quả gây hoặc chặn 100 thương vong, ghi một chiến thắng hoặc rút thêm lá. Dấu thương vong làm yếu đạo quân; Quý tộc có thương vong bằng số quân thì chết. Nếu hơn đối phương từ hai chiến thắng trở lên, các Quý tộc bên thua chết; hơn đúng một thì họ rút lui. Hình của chỉ huy giúp sức: sao gây thêm 100, vuông chặn 100, tam giác thêm một chiến thắng.",
   "Thành phố có thể bị tấn công (bên thủ cộng sức mạnh thành và có thể nhận thương vong thành lỗ hổng) hoặc bị vây (chỉ khi mạnh hơn; thành thất thủ nếu cùng Nam tước vây lại ở vòng sau). Thành phố chiếm được có thể bị phá hủy để lấy gấp ba thu nhập."
  ]
 },
 {
  "h": "Hội nghị",
  "p": [
   "Nam tước dự họp nhận 1 Phiếu cộng 1 cho mỗi thành phố Vương quốc. Kiến nghị riêng được biểu quyết trước; sau đó Chủ tịch sắp xếp các Nghị sự hiện hành và từng cái được biểu quyết: mọi người giấu số Phiếu tùy ý trong nắm tay, cùng mở ra, và các Phiếu bị tiêu. Nghị quyết có hiệu lực ngay, luật ở lại, trách nhiệm, đặc quyền và chức vụ thuộc về Nam tước được chọn. Từ chối Nghị sự nhắm vào mình sẽ bị cấm dự các Hội nghị sau. Với hai Nam tước, cả hai bí mật chia Phiếu cho tất cả Nghị sự cùng lúc."
  ]
 },
 {
  "h": "Duy trì",
  "p": [
   "Theo thứ tự: kiểm tra chiến thắng bằng thành phố; lấy 1 Ảnh hưởng từ kho cho mỗi thành phố bạn kiểm soát (không có nếu thành trì không còn trên bản đồ); mỗi thành phố không có Quý tộc của bạn rút một lá Định mệnh và có thể nổi loạn, trừ khi bạn trả 1 Đức tin hoặc gấp đôi thu nhập; Quý tộc trên biển cập bến; Quý tộc kiệt sức hồi phục; Quý tộc có quân trở lại ở thành trì hoặc một thành phố của bạn."
  ]
 },
 {
  "h": "Kết thúc và hòa",
  "p": [
   "Nếu hòa về Ảnh hưởng, ai nhiều thành phố hơn thắng, rồi đến tổng vàng, Đức tin và Phiếu, rồi đến số quân trên bản đồ. Luật tùy chọn: Sức mạnh là lẽ phải, Loại người chơi, Quý tộc bị bỏ rơi, Phép màu có thể xảy ra, Kiến nghị riêng mở, Trao đổi người thừa kế và Hai Nam tước: năm thành phố, chọn khi tạo bàn."
  ]
 },
 {
  "h": "Tặng quà và trao đổi người thừa kế",
  "p": [
   "Bất cứ lúc nào, dù đến lượt ai, một Nam tước có thể tặng vàng cho Nam tước khác (ô “Tặng (bất cứ lúc nào)” trên bảng của bạn). Mọi người đều thấy và không thể hoàn tác. Thỏa thuận và lời hứa nằm trong trò chuyện và không ràng buộc ai.",
   "Với luật Trao đổi người thừa kế, mỗi Quý tộc có một thẻ người thừa kế, ban đầu do Nam tước của mình giữ, có thể tặng như vàng. Quý tộc đã chết chỉ trở lại ở pha Duy trì khi Nam tước của mình giữ lại thẻ đó; sự kiện Không người thừa kế hủy thẻ vĩnh viễn."
  ]
 },
 {
  "h": "Nhà vua (Crown and Glory)",
  "p": [
   "Kho có 8 Ảnh hưởng mỗi Nam tước (6 ngắn hơn, 10 dài hơn). Khi kho cạn trong pha Duy trì, Nam tước dẫn đầu về Ảnh hưởng (sau các tiêu chí phụ) lên ngôi: đặt mỗi Nam tước một thẻ Quân đội Nhà vua (quân chính quy, được trả lương trước, không đào ngũ) tại thành trì hoặc cho các Quý tộc của mình ở thành trì hay thành phố của mình, và nhận thêm 1 Ảnh hưởng mỗi pha Duy trì sau đó. Ai chiếm thành trì của vua sẽ lấy ngôi và toàn bộ Quân đội Nhà vua. Trò chơi kết thúc khi một Nam tước có 16 Ảnh hưởng (12, 20) vào cuối vòng; ai nhiều Ảnh hưởng nhất thắng, dù có là vua hay không."
  ]
 },
 {
  "h": "Nhiệm vụ (Crown and Glory)",
  "p": [
   "Mỗi Nam tước được chia một Nhiệm vụ bí mật trước khi đặt thành trì. Khi trò chơi kết thúc (trừ khi Vương quốc bị chiếm), mỗi Nhiệm vụ hoàn thành lúc đó mang lại 2 Ảnh hưởng, trước khi xác định người thắng. Nội dung các Nhiệm vụ là tái dựng: không có thẻ in."
  ]
 }
];
