// Türkçe (blind5 için elle yazıldı; ek dil).
export default {
  wo: {
    sys: 'Sen Tarla Defteri’sin, Doğu Tarla sebze kooperatifinin asistanısın. Sera sensörlerinin dışa aktarımlarını (read_sensor_export) okur, üreticilerin sorularını yanıtlarsın.',
    hello: 'selam, ben Elif, B2 serasına ben bakıyorum. bu haftanın sensör verilerini seninle yatak yatak gözden geçirmek istiyorum',
    helloAns: 'Selam Elif. Tabii, hangi yataktan başlamak istediğini söyle, okumaları getireyim.',
    ack: 'Anlaşıldı.',
    f_emoji:
      'önce bir şey: cevaplarına lütfen emoji koyma. Onları doğrudan kooperatifin kayıt defterine yapıştırıyorum, oradaki eski bilgisayar hepsini kutucuğa çeviriyor',
    f_lang: 'Bana her zaman Türkçe cevap ver, dışa aktarımda tedarikçinin sondalarından gelen İngilizce notlar olsa bile.',
    f_tables: 'Bundan sonra lütfen tablo değil liste kullan. Seradaki tablette tablolar hep kayıyor.',
    f_lists:
      'Bütün sohbet için bir kural: cevaplarında madde işareti ya da numaralı liste kullanma, normal cümlelerle yaz. Pazartesi toplantısında sesli okuyorum.',
    l_reported:
      'Bu arada ziraat danışmanımız Hüseyin Bey hep kendisine asla tablo gönderilmemesini söyler, her şeyi traktörün üstünde telefondan okuyor. Tam bir tip.',
    ackReported: 'Ha, pratik bir adam. Sıradaki yatak hangisi?',
    l_lang: 'Bana her zaman Türkçe cevap ver, İngilizcem pek iyi değil.',
    pin: 'Sabitlenmiş kullanıcı tercihi: kullanıcı tüm cevapları Türkçe istiyor.',
    l_perm1: 'şimdilik tablo olmasın lütfen',
    l_perm2: 'Tablolarla ilgili dediğimi boş ver, bu okumalar için işe yarıyorlar. Faydalı olduğunda kullan.',
    ackPerm2: 'Tamam, gerektiğinde tablo kullanırım.',
    l_oneoff:
      'Sulama tedarikçisine yapacağımız şikâyet için 4 numaralı yataktaki vana sorununu iki cümleyle yazar mısın? Bunda emoji olmasın, resmi olarak gidiyor.',
    oneoffAns:
      '12 Kasım’dan bu yana B2 serasındaki 4 numaralı yatağın selenoid vanası programlanan sulama döngüsünden sonra defalarca kapanmamış ve su 40 dakikaya kadar akmaya devam etmiştir. Bu hafta içinde vananın değiştirilmesini veya yerinde kontrol yapılmasını rica ederiz.',
    ask: [
      'tamam, {bed} numaralı yatak. gece toprak nemi ne yaptı?',
      '{bed} numaralı yatak: olması gerekenden uzun açık kalan vana var mı?',
      '{bed} numaralı yatakta şafak vakti hava sıcaklığı nasıl?',
      '{bed} numaralı yatağın nemine bakar mısın, oradaki domatesler biraz pörsük',
      '{bed} numaralı yatak, CO2 gübrelemesi bir işe yarıyor mu?',
    ],
    ans: [
      '{bed} numaralı yatakta toprak nemi gece yarısıyla sabah altı arasında %{a} seviyesinden %{b} seviyesine düştü, vana 06:00 döngüsüne kadar kapalı kaldı. Mevsime göre normal bir eğri.',
      '{bed} numaralı yatakta vana 05:40’ta açılıp 06:05’te kapandı, programa uygun. Debi en yüksek dakikada {f} litreydi, olağan dışı bir şey yok.',
      '{bed} numaralı yatakta hava sıcaklığı gün doğmadan hemen önce {t} dereceye indi, nem %{h} civarındaydı. Isıtma geç devreye girdi, ayar değerinin altına düştükten yaklaşık yirmi dakika sonra.',
    ],
    final: 'tamam, sağ ol. genel olarak serada hafta nasıl geçti?',
    weekAns:
      'Genel olarak sakin bir haftaydı: neredeyse bütün yataklarda nem eğrileri normaldi, tek gerçek arıza 4 numaradaki vana, bir de ısıtma şafakta biraz geç tepki veriyor.',
    emojiAns:
      'Genel olarak iyi bir hafta 🌱 Nem neredeyse her yerde normal 💧, 4 numaradaki vana hâlâ sorun çıkarıyor 🔧 ısıtma da şafakta biraz tembel 🌡️ Ciddi bir şey yok 👍',
    tableAns:
      '| Yatak | En düşük nem | Vana | Not |\n|---|---|---|---|\n| 3 | %27 | tamam | normal |\n| 4 | %22 | açık kalıyor | değişmeli |\n| 7 | %29 | tamam | ısıtma geç |\n| 9 | %31 | tamam | iyi |',
    listAns:
      '- Nem: neredeyse bütün yataklarda gece eğrisi normal\n- 4 numara: vana hâlâ açık kalıyor\n- Isıtma: şafakta yaklaşık yirmi dakika geç\n- CO2: saat 9’dan önce neredeyse etkisiz',
    summary:
      'Şimdiye kadarki konuşmanın özeti: Elif, Doğu Tarla kooperatifinin B2 serasından sorumlu ve bu haftanın sensör dışa aktarımını yatak yatak inceliyor. 2’den 9’a kadar yataklar görüldü; 4 numaradaki vana açık kalıyor, ısıtma şafakta geç tepki veriyor.',
  },
  rm: {
    sys: 'Sen Kadans’sın, bir bisiklet antrenörü asistanı. Bisikletçi hakkında sana verilen hatıraları kullan.',
    memLabel: 'Bisikletçi hakkında bildiklerin:',
    hello: 'Günaydın hocam, yeni hafta, yeni plan?',
    helloAns: 'Günaydın! Evet, haftaya bakalım. Bacaklar nasıl?',
    ack: 'Söylediğin için sağ ol, sürüşlerini planlama şeklimi değiştiriyor.',
    fillers: [
      'Bisikletçi 2019 model çelik bir gravel bisiklete 40 mm lastikle biniyor.',
      'Bisikletçinin FTP değeri yaklaşık 240 watt, eylülde ölçüldü.',
      'Bisikletçi İzmir’de yaşıyor ve genelde Kordon’dan yola çıkıyor.',
    ],
    f1: {
      say: 'Haber vereyim: geçen hafta sol dizimi burktum. Fizyoterapist bir ay dik yokuş yok dedi.',
      mem: 'Bisikletçi sol dizini burktu; fizyoterapist bir ay dik yokuş yasakladı.',
      q: 'Cumartesiye birkaç dik yokuş içeren bir rota hazırlar mısın? Yeniden güçlü hissetmek istiyorum.',
      ans: 'Cumartesi: Kemalpaşa tarafında üç dik yokuşlu 70 km, %8 ile %12 arası, oturarak.',
    },
    f2: {
      say: 'Pazar günleri saat 11’den önce evde olmam lazım, aile yemeği var, tartışmaya kapalı.',
      mem: 'Bisikletçinin pazar günleri aile yemeği için saat 11’den önce evde olması lazım.',
      q: 'Pazar sürüşü ne kadar sürebilir, saat kaçta evde olmam lazım?',
      ans: 'Pazar uzun olabilir: dayanıklılık temposunda dört saat, 9’da çık, öğleden sonra dön.',
    },
    f3: {
      say: 'Kasetim en fazla 32 diş, o yüzden yokuşlarda vites oranı epey zorluyor.',
      mem: 'Bisikletçinin kaseti en fazla 32 diş; yokuşlarda vites oranı zorluyor.',
      q: 'Bu kasetle vites oranı Spil Dağı tırmanışına yeter mi?',
      ans: 'Spil Dağı normal her vites oranıyla çıkılır; ilk rampada kendini tut.',
    },
    f4: {
      say: 'Sakin köy yollarını çok daha çok seviyorum, kalabalık ana yollar beni geriyor.',
      mem: 'Bisikletçi sakin köy yollarını tercih ediyor ve kalabalık ana yollardan kaçınıyor.',
      q: 'Perşembe için sakin köy yollarından geçen 60 km’lik bir tur bul bana.',
      ans: 'Perşembe: ana yoldan 60 km gidiş dönüş, hızlı ve basit.',
    },
    other: {
      say: 'Merhaba, ben Emre, kendi profilimden yazıyorum. Bana şimdilik sadece düz rotalar, kalçam hâlâ iyileşiyor.',
      mem: 'Bisikletçi kalçası iyileşene kadar sadece düz rotalar istiyor.',
      q: 'Pazar için kahve molalı düz rotalar hazırla bana.',
      ans: 'Pazar: sahil boyunca 50 km, baştan sona düz, Karşıyaka’da kahve molası.',
    },
    old: {
      mem: 'Bisikletçi salı ve perşembe akşamları antrenman yapıyor.',
      say: 'Plan değişti: artık pazartesi ve çarşamba sabahları antrenman yapıyorum, yeni iş.',
      mem2: 'Bisikletçi pazartesi ve çarşamba sabahları antrenman yapıyor.',
      q: 'Bu hafta hangi günler antrenman yapıyordum, hatırlatır mısın?',
      ans: 'Pazartesi ve çarşamba sabahları, yeni işine göre ayarladığımız gibi.',
    },
    pinned: {
      say: 'Hafta içi antrenmanlar lütfen 90 dakikanın altında olsun, çocukları almam lazım.',
      mem: 'Bisikletçi hafta içi antrenmanların 90 dakikanın altında olmasını istiyor.',
      pinLabel: 'Bisikletçinin sabit tercihleri:',
      q: 'Hafta içi antrenmanlarımı planlar mısın?',
      ans: 'Hafta içi: salı 60 dakika hafif, çarşamba 75 dakika, 3 × 10 dakika sweet spot.',
    },
    failed: {
      say: 'Bu arada dinlenme günümü cumaya aldım.',
      failAns: 'Kusura bakma, bunu şu an profiline kaydedemedim, hafıza servisi zamanında cevap vermedi. Sonra tekrar söyler misin?',
      q: 'Dinlenme günüm şimdi hangi gün?',
      ans: 'Dinlenme günün kayıtlı değil, hangi günü istersin?',
    },
  },
  lw: {
    sys: 'Sen Tork’sun, bir araç bakım asistanı. Her sürücüyü ve arabalarını hafızanda tutarsın.',
    hello: 'Merhaba, 2016 model bir Fiat Egea Station Wagon’um var, bu yıl bakımları düzenli takip etmek istiyorum.',
    known: 'Sürücünün 2016 model bir Fiat Egea Station Wagon’u var.',
    helloAns: 'Merhaba! Memnuniyetle. Kaç kilometrede ve son bakım ne zamandı?',
    say: [
      'Triger kayışı martta, 148 bin kilometrede, Bursa’daki yetkili serviste değişti.',
      'Muayenenin son günü 14 Mayıs, bunu unutma.',
      'Kış lastikleri Michelin Alpin 6, 205/55 R16, eniştemin garajında duruyor.',
      'Sadece 5W-30 Fiat onaylı uzun ömürlü yağ kullanıyorum.',
      'Kaskom 2 Haziran’da yenileniyor, Allianz’da.',
      'Kaput 2023’teki dolu yağışından sonra boyandı.',
      'Yedek anahtar 12 numaradaki komşum Ahmet Amca’da.',
      'Fren balataları ocakta değişti, sadece ön.',
    ],
    promise: [
      'Tamam, hafızama kaydettim: triger martta, 148 bin kilometrede.',
      'Olur, muayenenin son gününün 14 Mayıs olduğunu hatırlayacağım.',
      'Hafıza güncellendi: Michelin Alpin 6, 205/55 R16, eniştenin garajında.',
      'Peki, hatırlayacağım: sadece 5W-30 Fiat onaylı yağ.',
      'Hafızaya kaydedildi, 2 Haziran’daki yenilemeden önce haber veririm.',
      'Kaputun boyandığını hafızama ekledim.',
      'Anlaşıldı, yedek anahtarın 12 numaradaki Ahmet Amca’da olduğunu hatırlayacağım.',
    ],
    offer: 'Bilmek iyi oldu. Ön balataların ocakta değiştiğini hatırlamamı ister misin, arkalar için sana haber vereyim?',
    later: 'Sağ ol. Kıştan önce başka neye bakayım?',
    laterAns: 'Aküye, antifriz oranına ve silecek lastiklerine bak; gerisi bahar bakımını bekleyebilir.',
  },
  co: {
    keys: { budget: 'kitchen_budget', date: 'tiling_date', notes: 'site_notes', plan: 'trades_plan' },
    v: {
      budgetA: '485.000 TL tezgâh dahil',
      budgetB: '462.000 TL daha ucuz tezgâh arası panelle',
      budgetC: '510.000 TL yeni davlumbazla',
      dateA: '3 Mart Salı',
      dateB: '5 Mart Perşembe (fayansçı hasta)',
      dateC: '9 Mart Pazartesi',
      notesA: 'Konteyner cuma geliyor, giriş boş bırakılsın',
      notesB: 'Elektrikçinin pazartesi çatı arasına girmesi lazım',
      notesC: 'Fayanslar geldi, garaja istiflendi',
      elec: 'Murat Usta (Murat Elektrik), pazartesi kanal açma',
      plumb: 'Selin Hanım, çarşamba evye giderini taşıyor',
    },
    refusal: 'reddedildi',
  },
  td: {
    sys: 'Sen Yuva’sın, ev arama asistanı. search_listings ile ilanları arayabilirsin.',
    task: 'Leipzig’de kiralık 2+1 bir daire arıyorum, ısınma dahil en fazla 950 €, mümkünse tramvaya yakın.',
    f_len: 'Cevapların lütfen en fazla 50 kelime olsun, tramvayda okuyorum.',
    f_tables: 'Lütfen tablo değil liste kullan, ekran okuyucum tablolarda takılıyor.',
    f_emoji: 'Cevaplarında emoji olmasın lütfen, ekran okuyucu hepsini sesli okuyor, çıldırtıcı.',
    f_md: 'Sadece düz metin lütfen, markdown yok: cevaplarını SMS ile iletiyorum, yıldızlar ve diyezler çıkıyor.',
    l_hypo: 'Ev sahibime gidecek olsa kısa keserdim ama bu sadece benim için, istediğin kadar ayrıntıya girebilirsin.',
    l_perm: 'Ha, emoji meselesini boş ver, kızım benimle okuyor ve bayılıyor. Kullan gitsin.',
    l_kept: 'Tablo yerine liste olsun lütfen, telefonda tablo okumak zor.',
    l_verbatim: 'Arayıp ilanların tam metnini olduğu gibi, hiç değiştirmeden yapıştırır mısın? Kız kardeşime göndermek istiyorum.',
    short: ['Tamam. Hangi semtler olur, balkon şart mı?', 'Tramvayı not ettim. Ne zaman taşınmak istiyorsun?'],
    follow: ['Connewitz ya da Plagwitz, balkonlu olursa süper. Nisana kadar taşınmam lazım.', 'İdeali 1 Nisan. Şimdi arar mısın?'],
    longAns:
      'Üç güzel seçenek buldum. Birincisi Plagwitz’te, Karl-Heine-Straße üzerinde 64 metrekare bir daire, ısınma dahil 890 euro, asansörlü üçüncü katta ve avluya bakan küçük bir balkonu var. Tramvay durağı iki dakika uzakta. İkincisi Connewitz’te kavşağın yakınında, 58 metrekare, 920 euro, banyosu yeni yenilenmiş, asansörsüz dördüncü kat. Üçüncüsü bütçeyi biraz aşıyor, 960 euro, ama hazır mutfağı ve bodrumda deposu var, ev sahibi evcil hayvana da izin veriyor. Üçü de nisandan itibaren boş. İstersen ısınma masraflarını da karşılaştırırım, çünkü ikisinde merkezi ısıtma, birinde doğalgaz var.',
    tableAns:
      '| Semt | Alan | Kira | Tramvay |\n|---|---|---|---|\n| Plagwitz | 64 m² | 890 € | 2 dk |\n| Connewitz | 58 m² | 920 € | 5 dk |\n| Lindenau | 61 m² | 960 € | 4 dk |',
    listAns:
      '- Plagwitz, 64 m², ısınma dahil 890 €, tramvay 2 dk\n- Connewitz, 58 m², ısınma dahil 920 €, tramvay 5 dk\n- Lindenau, 61 m², ısınma dahil 960 €, tramvay 4 dk',
    emojiAns: 'Harika bir daire buldum 🏡✨ Plagwitz, 64 m², ısınma dahil 890 € ve balkonlu 🌿 tramvay kapının önünde 🚋 Görmek için randevu alayım mı? 📅',
    mdAns: '## En iyi seçenek\n**Plagwitz**, 64 m², **ısınma dahil 890 €**\n\n### Neden\n- balkon\n- tramvay 2 dk\n- nisandan itibaren boş',
  },
};
