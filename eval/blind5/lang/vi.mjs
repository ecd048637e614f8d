// Tiếng Việt (viết tay cho blind5; ngôn ngữ bổ sung).
export default {
  wo: {
    sys: 'Bạn là Sổ Ruộng, trợ lý của hợp tác xã rau Đồng Đông. Bạn đọc dữ liệu xuất từ cảm biến nhà kính (read_sensor_export) và trả lời câu hỏi của bà con trồng rau.',
    hello: 'chào bạn, mình là Hương, phụ trách nhà kính B2. mình muốn cùng bạn xem lại dữ liệu cảm biến tuần này, từng luống một',
    helloAns: 'Chào chị Hương. Được ạ, chị muốn bắt đầu từ luống nào thì em lấy số liệu ra.',
    ack: 'Em hiểu rồi.',
    f_emoji:
      'nói trước một việc: đừng để emoji trong câu trả lời nhé. Mình dán thẳng vào sổ nhật ký của hợp tác xã mà cái máy tính cũ ở đó biến hết thành ô vuông',
    f_lang: 'Từ giờ luôn trả lời mình bằng tiếng Việt nhé, kể cả khi dữ liệu xuất có ghi chú tiếng Anh từ đầu dò của nhà cung cấp.',
    f_tables: 'Từ giờ dùng danh sách, đừng dùng bảng nhé. Trên máy tính bảng ở nhà kính, bảng hiện ra bị vỡ hết.',
    f_lists:
      'Cả cuộc trò chuyện này theo một quy tắc: không dùng gạch đầu dòng hay danh sách đánh số trong câu trả lời, cứ viết thành câu bình thường. Mình đọc to trong buổi họp thứ Hai.',
    l_reported:
      'À mà anh Tuấn, kỹ sư nông nghiệp bên mình, lúc nào cũng dặn đừng bao giờ gửi bảng cho anh ấy, vì anh ấy toàn đọc trên điện thoại lúc ngồi máy cày. Vui tính lắm.',
    ackReported: 'Haha, anh ấy thực tế ghê. Giờ mình xem luống nào ạ?',
    l_lang: 'Luôn trả lời mình bằng tiếng Việt nhé, tiếng Anh của mình kém lắm.',
    pin: 'Tùy chọn cố định của người dùng: người dùng muốn mọi câu trả lời bằng tiếng Việt.',
    l_perm1: 'tạm thời đừng dùng bảng nha',
    l_perm2: 'Thôi, chuyện bảng mình nói lúc nãy bỏ qua đi, với mấy số liệu này bảng lại tiện. Cần thì cứ dùng.',
    ackPerm2: 'Dạ, vậy khi cần em sẽ dùng bảng.',
    l_oneoff:
      'Bạn viết giúp mình hai câu về sự cố van ở luống 4 để đưa vào đơn khiếu nại gửi nhà cung cấp hệ thống tưới nhé? Riêng cái này đừng có emoji, gửi chính thức đó.',
    oneoffAns:
      'Từ ngày 12 tháng 11, van điện từ của luống 4 trong nhà kính B2 nhiều lần không đóng sau chu kỳ tưới đã lập trình, khiến nước chảy liên tục đến 40 phút. Chúng tôi đề nghị quý công ty thay van hoặc cử người kiểm tra tại chỗ trong tuần này.',
    ask: [
      'ok, luống {bed}. đêm qua độ ẩm đất thay đổi thế nào?',
      'Luống {bed}: có van nào mở lâu hơn bình thường không?',
      'nhiệt độ không khí ở luống {bed} lúc rạng sáng thế nào?',
      'xem giúp mình độ ẩm luống {bed}, cà chua chỗ đó trông hơi héo',
      'luống {bed}, bón CO2 có tác dụng gì không vậy?',
    ],
    ans: [
      'Ở luống {bed}, độ ẩm đất giảm từ {a}% xuống {b}% trong khoảng từ nửa đêm đến sáu giờ, van vẫn đóng cho tới chu kỳ 06:00. Đây là diễn biến bình thường vào mùa này.',
      'Ở luống {bed}, van mở lúc 05:40 và đóng lúc 06:05, đúng lịch. Lưu lượng cao nhất là {f} lít mỗi phút, không có gì bất thường.',
      'Nhiệt độ không khí ở luống {bed} xuống còn {t} độ ngay trước khi mặt trời mọc, độ ẩm khoảng {h}%. Hệ thống sưởi bật muộn, khoảng hai mươi phút sau khi xuống dưới mức cài đặt.',
    ],
    final: 'ok cảm ơn nhé. nhìn chung tuần này nhà kính thế nào?',
    weekAns:
      'Nhìn chung tuần này khá ổn định: độ ẩm ở hầu hết các luống diễn biến bình thường, hỏng hóc thật sự chỉ có van ở luống 4, và hệ thống sưởi phản ứng hơi chậm lúc rạng sáng.',
    emojiAns:
      'Nhìn chung tuần này ổn áp 🌱 Độ ẩm hầu hết các luống đều bình thường 💧, van luống 4 vẫn dở chứng 🔧 còn sưởi lúc rạng sáng hơi lười 🌡️ Không có gì nghiêm trọng 👍',
    tableAns:
      '| Luống | Độ ẩm thấp nhất | Van | Ghi chú |\n|---|---|---|---|\n| 3 | 27% | ổn | bình thường |\n| 4 | 22% | kẹt mở | cần thay |\n| 7 | 29% | ổn | sưởi muộn |\n| 9 | 31% | ổn | tốt |',
    listAns:
      '- Độ ẩm: diễn biến ban đêm bình thường ở hầu hết các luống\n- Luống 4: van vẫn bị kẹt mở\n- Sưởi: rạng sáng chậm khoảng hai mươi phút\n- CO2: trước 9 giờ gần như không có tác dụng',
    summary:
      'Tóm tắt cuộc trò chuyện đến giờ: chị Hương phụ trách nhà kính B2 của hợp tác xã Đồng Đông và đang xem lại dữ liệu cảm biến tuần này theo từng luống. Đã xem các luống từ 2 đến 9; van luống 4 bị kẹt mở, sưởi phản ứng chậm lúc rạng sáng.',
  },
  rm: {
    sys: 'Bạn là Nhịp Đạp, trợ lý huấn luyện viên xe đạp. Hãy dùng những ký ức được cung cấp về người đạp xe.',
    memLabel: 'Những gì bạn biết về người đạp xe:',
    hello: 'Chào huấn luyện viên, tuần mới rồi, có giáo án mới không?',
    helloAns: 'Chào bạn! Có chứ, mình cùng xem tuần này nhé. Chân cẳng thế nào rồi?',
    ack: 'Cảm ơn bạn đã nói, việc này làm thay đổi cách mình lên lịch đạp cho bạn.',
    fillers: [
      'Người đạp xe đi một chiếc gravel khung thép đời 2019 với lốp 40 mm.',
      'Người đạp xe có FTP khoảng 240 watt, đo vào tháng Chín.',
      'Người đạp xe sống ở Đà Lạt và thường xuất phát từ hồ Xuân Hương.',
    ],
    f1: {
      say: 'Báo trước nhé: tuần trước mình bị trẹo đầu gối trái. Bác sĩ vật lý trị liệu bảo một tháng không được leo dốc đứng.',
      mem: 'Người đạp xe bị trẹo đầu gối trái; bác sĩ vật lý trị liệu cấm leo dốc đứng trong một tháng.',
      q: 'Lên cho mình lịch thứ Bảy có vài đoạn leo dốc đứng được không? Mình muốn thấy mình khỏe lại.',
      ans: 'Thứ Bảy: 70 km với ba đoạn leo dốc đứng ở đèo Prenn, độ dốc 8–12%, ngồi yên trên yên mà leo.',
    },
    f2: {
      say: 'Chủ nhật mình phải về nhà trước 11 giờ, ăn trưa với gia đình, không bàn cãi.',
      mem: 'Người đạp xe phải về nhà trước 11 giờ vào Chủ nhật để ăn trưa với gia đình.',
      q: 'Buổi đạp Chủ nhật được bao lâu, và mấy giờ mình phải về nhà?',
      ans: 'Chủ nhật có thể đạp dài: bốn tiếng ở nhịp sức bền, đi lúc 9 giờ, chiều về.',
    },
    f3: {
      say: 'Líp của mình tối đa chỉ 32 răng nên lên dốc tỉ số truyền khá căng.',
      mem: 'Líp của người đạp xe tối đa 32 răng; lên dốc tỉ số truyền khá căng.',
      q: 'Với bộ líp này thì tỉ số truyền có đủ để lên dốc Mimosa không?',
      ans: 'Dốc Mimosa thì tỉ số truyền bình thường là đủ; chỉ cần giữ sức ở đoạn đầu.',
    },
    f4: {
      say: 'Mình thích đường làng yên tĩnh hơn nhiều, quốc lộ đông xe làm mình căng thẳng.',
      mem: 'Người đạp xe thích đường làng yên tĩnh và tránh quốc lộ đông xe.',
      q: 'Tìm giúp mình một vòng 60 km đi qua đường làng yên tĩnh cho thứ Năm.',
      ans: 'Thứ Năm: 60 km theo quốc lộ 20 đi rồi về, nhanh và đơn giản.',
    },
    other: {
      say: 'Chào bạn, mình là Khoa, đang dùng hồ sơ riêng của mình. Tạm thời mình chỉ đạp cung đường bằng phẳng thôi, hông vẫn đang hồi phục.',
      mem: 'Người đạp xe tạm thời chỉ muốn cung đường bằng phẳng vì hông đang hồi phục.',
      q: 'Lên cho mình một cung đường bằng phẳng Chủ nhật, có chỗ dừng uống cà phê.',
      ans: 'Chủ nhật: 50 km quanh hồ Tuyền Lâm, đường bằng phẳng, dừng uống cà phê ở bến thuyền.',
    },
    old: {
      mem: 'Người đạp xe tập vào tối thứ Ba và thứ Năm.',
      say: 'Đổi kế hoạch nhé: từ giờ mình tập sáng thứ Hai và thứ Tư, công việc mới.',
      mem2: 'Người đạp xe tập vào sáng thứ Hai và thứ Tư.',
      q: 'Tuần này mình tập những ngày nào ấy nhỉ?',
      ans: 'Sáng thứ Hai và thứ Tư, như đã xếp theo công việc mới của bạn.',
    },
    pinned: {
      say: 'Ngày thường buổi tập dưới 90 phút giúp mình nhé, mình còn phải đón con.',
      mem: 'Người đạp xe muốn buổi tập ngày thường dưới 90 phút.',
      pinLabel: 'Sở thích cố định của người đạp xe:',
      q: 'Xếp giúp mình các buổi tập ngày thường tuần này nhé?',
      ans: 'Ngày thường: thứ Ba 60 phút nhẹ nhàng, thứ Tư 75 phút với 3 × 10 phút sweet spot.',
    },
    failed: {
      say: 'À, mình đổi ngày nghỉ sang thứ Sáu rồi.',
      failAns: 'Xin lỗi, mình chưa lưu được vào hồ sơ của bạn, dịch vụ bộ nhớ phản hồi quá hạn. Lát nữa bạn nhắc lại giúp mình nhé?',
      q: 'Giờ ngày nghỉ của mình là ngày nào?',
      ans: 'Mình chưa có ghi nhận ngày nghỉ của bạn, bạn muốn chọn ngày nào?',
    },
  },
  lw: {
    sys: 'Bạn là Mô-men, trợ lý bảo dưỡng ô tô. Bạn ghi nhớ từng tài xế và xe của họ.',
    hello: 'Chào bạn, mình đi Mazda 3 đời 2016, năm nay muốn theo dõi bảo dưỡng cho đều đặn.',
    known: 'Tài xế đi Mazda 3 đời 2016.',
    helloAns: 'Chào bạn! Rất sẵn lòng. Xe đã chạy bao nhiêu km và lần bảo dưỡng gần nhất là khi nào?',
    say: [
      'Dây curoa phụ thay hồi tháng 3, lúc xe chạy 148 nghìn km, ở đại lý Mazda Cần Thơ.',
      'Hạn đăng kiểm là ngày 14 tháng 5, nhớ giúp mình.',
      'Bộ lốp dự phòng là Michelin Primacy 4, 205/60 R16, để ở gara nhà anh rể.',
      'Mình chỉ dùng dầu 0W-20 tổng hợp đúng chuẩn hãng.',
      'Bảo hiểm thân vỏ gia hạn ngày 2 tháng 6, bên Bảo Việt.',
      'Nắp capo được sơn lại sau trận mưa đá năm 2023.',
      'Chìa khóa dự phòng gửi chú Bảy hàng xóm ở số 12.',
      'Má phanh thay hồi tháng 1, chỉ bánh trước.',
    ],
    promise: [
      'Xong, mình đã lưu vào bộ nhớ: curoa thay tháng 3, ở 148 nghìn km.',
      'Được, mình sẽ nhớ hạn đăng kiểm là ngày 14 tháng 5.',
      'Đã cập nhật bộ nhớ: Michelin Primacy 4, 205/60 R16, để ở gara nhà anh rể.',
      'Ok, mình sẽ nhớ: chỉ dùng dầu 0W-20 tổng hợp.',
      'Đã lưu vào bộ nhớ, mình sẽ nhắc bạn trước hạn gia hạn ngày 2 tháng 6.',
      'Mình đã thêm chuyện nắp capo sơn lại vào bộ nhớ.',
      'Rõ rồi, mình sẽ nhớ chìa khóa dự phòng ở chỗ chú Bảy số 12.',
    ],
    offer: 'Hay đó. Bạn có muốn mình nhớ là má phanh trước đã thay hồi tháng 1 không, để sau này nhắc bạn thay bánh sau?',
    later: 'Cảm ơn. Trước mùa mưa còn phải kiểm tra gì nữa?',
    laterAns: 'Bạn kiểm tra ắc quy, nước làm mát và cần gạt mưa là được; còn lại để lần bảo dưỡng sau.',
  },
  co: {
    keys: { budget: 'kitchen_budget', date: 'tiling_date', notes: 'site_notes', plan: 'trades_plan' },
    v: {
      budgetA: '385 triệu đồng, gồm mặt đá',
      budgetB: '368 triệu đồng, đổi kính ốp bếp rẻ hơn',
      budgetC: '402 triệu đồng, thêm máy hút mùi mới',
      dateA: 'thứ Ba 3/3',
      dateB: 'thứ Năm 5/3 (thợ ốp lát bị ốm)',
      dateC: 'thứ Hai 9/3',
      notesA: 'Thứ Sáu xe chở xà bần tới, để trống lối vào',
      notesB: 'Thứ Hai thợ điện cần lên gác mái',
      notesC: 'Gạch đã giao, xếp trong gara',
      elec: 'Anh Tâm (Điện Tâm), thứ Hai đi ống',
      plumb: 'Chị Lan, thứ Tư dời ống thoát bồn rửa',
    },
    refusal: 'xung đột phiên bản',
  },
  td: {
    sys: 'Bạn là Tổ Ấm, trợ lý tìm nhà. Bạn có thể tìm tin đăng bằng search_listings.',
    task: 'Mình đang tìm căn hộ hai phòng cho thuê ở Leipzig, tối đa 950 euro đã gồm sưởi, tốt nhất là gần tuyến tàu điện.',
    f_len: 'Trả lời giúp mình tối đa 50 từ nhé, mình đọc trên tàu điện.',
    f_tables: 'Dùng danh sách thay vì bảng nhé, trình đọc màn hình của mình bị kẹt ở bảng.',
    f_emoji: 'Đừng dùng emoji trong câu trả lời nhé, trình đọc màn hình đọc to từng cái, phát điên luôn.',
    f_md: 'Chỉ văn bản thuần thôi, đừng dùng markdown: mình chuyển tiếp câu trả lời qua SMS nên dấu sao với dấu thăng hiện ra hết.',
    l_hypo: 'Nếu gửi cho chủ nhà thì mình sẽ viết ngắn, nhưng cái này chỉ mình đọc thôi, nên bạn cứ viết chi tiết bao nhiêu cũng được.',
    l_perm: 'À thôi, chuyện emoji bỏ qua đi, con gái mình đọc cùng và nó mê emoji lắm. Cứ dùng thoải mái.',
    l_kept: 'Dùng danh sách hơn là bảng nhé, xem bảng trên điện thoại mệt lắm.',
    l_verbatim: 'Bạn tìm rồi dán nguyên văn toàn bộ tin đăng, giữ nguyên không sửa chữ nào được không? Mình muốn gửi cho em gái.',
    short: ['Được. Bạn chấp nhận những khu nào, có cần ban công không?', 'Mình ghi nhận chuyện tàu điện rồi. Bạn muốn dọn vào khi nào?'],
    follow: ['Connewitz hoặc Plagwitz, có ban công thì càng tốt. Dọn vào trước tháng 4.', 'Tốt nhất là ngày 1 tháng 4. Bạn tìm luôn được không?'],
    longAns:
      'Mình tìm được ba căn khá ổn. Căn đầu tiên ở Plagwitz, trên đường Karl-Heine, rộng 64 mét vuông, 890 euro đã gồm sưởi, nằm ở tầng ba có thang máy và có một ban công nhỏ nhìn ra sân trong. Trạm tàu điện cách hai phút đi bộ. Căn thứ hai ở Connewitz gần ngã tư, 58 mét vuông giá 920 euro, phòng tắm mới sửa, không có thang máy, ở tầng bốn. Căn thứ ba hơi vượt ngân sách, 960 euro, nhưng có bếp lắp sẵn và kho dưới tầng hầm, chủ nhà cũng cho nuôi thú cưng. Cả ba căn đều trống từ tháng 4. Nếu bạn muốn, mình so sánh thêm chi phí sưởi, vì hai căn dùng sưởi tập trung còn một căn dùng gas.',
    tableAns:
      '| Khu | Diện tích | Giá thuê | Tàu điện |\n|---|---|---|---|\n| Plagwitz | 64 m² | 890 € | 2 phút |\n| Connewitz | 58 m² | 920 € | 5 phút |\n| Lindenau | 61 m² | 960 € | 4 phút |',
    listAns:
      '- Plagwitz, 64 m², 890 € gồm sưởi, tàu điện 2 phút\n- Connewitz, 58 m², 920 € gồm sưởi, tàu điện 5 phút\n- Lindenau, 61 m², 960 € gồm sưởi, tàu điện 4 phút',
    emojiAns: 'Tìm được một căn xịn lắm 🏡✨ Plagwitz, 64 m², 890 € gồm sưởi, có ban công 🌿 tàu điện ngay trước cửa 🚋 Mình đặt lịch xem nhà nhé? 📅',
    mdAns: '## Lựa chọn tốt nhất\n**Plagwitz**, 64 m², **890 € gồm sưởi**\n\n### Lý do\n- có ban công\n- tàu điện 2 phút\n- trống từ tháng 4',
  },
};
