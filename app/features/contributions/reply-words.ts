// Quote-header words of the common mail clients, by language (decision 0154); spaces match any whitespace.

export const HEADER_VERBS = [
  "wrote", "writes", // en
  "a écrit", "écrit", // fr
  "schrieb", "schreibt", // de
  "escribió", "escribio", // es
  "escreveu", // pt
  "ha scritto", "scrisse", // it
  "schreef", "het volgende geschreven", // nl
  "napisał(a)", "napisał", "napisała", "pisze", "napisal", // pl
  "написал(а)", "написал", "написала", "пишет", // ru
  "пише", "написав", "написала", // uk
  "skrev", // da, no, sv
  "kirjoitti", // fi
  "írta", // hu
  "đã viết", "viết", // vi
  "写道", "寫道", "撰写", // zh
  "작성", "님이 작성", // ko
  "のメッセージ", "は書きました", "さんは書きました", // ja
  "napsal(a)", "napsal", "napsala", // cs
  "napísal(a)", "napísal", // sk
  "a scris", // ro
  "έγραψε", // el
  "yazdı", // tr
  "menulis", "tulis", // id, ms
  "skrifaði", // is
  "kirjutas", // et
  "rakstīja", // lv
  "rašė", // lt
  "je napisal", "je napisao", "napisao", // sl, hr, sr
  "написа", // bg
  "כתב", "כתבה", // he
  "كتب", // ar
  "เขียน", // th
  "ने लिखा", // hi
  "escribiu", "va escriure", // gl, ca
  "idatzi zuen", // eu
] as const;

export const HEADER_FROM_LABELS = [
  "From", "Sent", "Date", "De", "De la", "Envoyé", "Envoyé le", "Message du", "Von", "Gesendet", "Datum",
  "Enviado", "Enviado el", "Enviada", "Fecha", "Data", "Da", "Inviato", "Van", "Verzonden", "Fra", "Sendt", "Dato",
  "Från", "Frå", "Skickat", "Lähettäjä", "Lähetetty", "Päivämäärä", "Od", "Wysłano", "Wysłane", "Odesláno", "Odoslané",
  "От", "Отправлено", "Дата", "Від", "Надіслано", "Відправлено", "Feladó", "Elküldve", "Dátum", "Kimden", "Gönderildi", "Tarih",
  "Από", "Στάλθηκε", "Ημερομηνία", "Trimis", "Dari", "Terkirim", "Tanggal", "Từ", "Đã gửi", "Ngày", "Enviat",
  "发件人", "发送时间", "日期", "寄件者", "寄件日期", "差出人", "送信日時", "보낸 사람", "보낸 날짜", "날짜",
] as const;

export const HEADER_OTHER_LABELS = [
  "To", "Cc", "Bcc", "Subject", "Reply-To", "Reply to", "À", "A", "Copie à", "Objet", "Sujet", "Répondre à",
  "An", "Betreff", "Antwort an", "Para", "Asunto", "Assunto", "Oggetto", "Risposta", "Ccn", "Aan", "Onderwerp",
  "Til", "Emne", "Till", "Ämne", "Kopia", "Vastaanottaja", "Aihe", "Kopio", "Do", "Temat", "DW", "Komu", "Předmět", "Predmet",
  "Кому", "Копия", "Тема", "Копія", "Címzett", "Másolatot kap", "Tárgy", "Kime", "Konu", "Bilgi",
  "Προς", "Κοιν", "Θέμα", "Către", "Subiect", "Kepada", "Perihal", "Đến", "Chủ đề", "Per a", "Assumpte",
  "收件人", "抄送", "主题", "收件者", "副本", "主旨", "宛先", "件名", "받는 사람", "참조", "제목",
] as const;

export const ORIGINAL_MESSAGE_TITLES = [
  "Original Message", "Original", "Forwarded message", "Forwarded Message",
  "Message d'origine", "Message original", "Message transféré",
  "Ursprüngliche Nachricht", "Originalnachricht", "Weitergeleitete Nachricht",
  "Mensaje original", "Mensaje reenviado", "Mensagem original", "Mensagem encaminhada",
  "Messaggio originale", "Messaggio inoltrato", "Oorspronkelijk bericht", "Origineel bericht", "Doorgestuurd bericht",
  "Oprindelig meddelelse", "Oprindelig besked", "Videresendt meddelelse", "Opprinnelig melding", "Videresendt melding",
  "Ursprungligt meddelande", "Vidarebefordrat meddelande", "Alkuperäinen viesti", "Välitetty viesti",
  "Wiadomość oryginalna", "Oryginalna wiadomość", "Przekazana wiadomość", "Původní zpráva", "Přeposlaná zpráva", "Pôvodná správa",
  "Исходное сообщение", "Пересылаемое сообщение", "Оригінальне повідомлення", "Пересланий лист",
  "Eredeti üzenet", "Továbbított üzenet", "Orijinal mesaj", "İletilen mesaj", "Αρχικό μήνυμα", "Προωθημένο μήνυμα",
  "Mesaj original", "Mesaj redirecționat", "Pesan asli", "Pesan terusan", "Thư gốc", "Thư chuyển tiếp",
  "原始邮件", "原始郵件", "转发的邮件", "轉寄的郵件", "元のメッセージ", "転送メッセージ", "원본 메시지", "전달된 메시지",
] as const;

export const SENT_FOOTERS = [
  "Sent from", "Sent with", "Sent via", "Sent using", "Sent on", "Sent wirelessly from", "Get Outlook for", "Sent from my",
  "Envoyé de", "Envoyé depuis", "Envoyé à partir de", "Envoyé avec", "Envoyé sans fil par", "Obtenir Outlook pour", "Télécharger Outlook pour",
  "Von meinem", "Gesendet von", "Gesendet mit", "Diese Nachricht wurde von", "Outlook für",
  "Enviado desde", "Enviado con", "Enviado de", "Enviado do", "Enviado via", "Obtener Outlook para", "Obter o Outlook para",
  "Inviato da", "Inviato dal", "Enviat des de", "Enviat des del", "Enviat amb", "Inviato con", "Scarica Outlook per",
  "Verzonden vanaf", "Verzonden met", "Verstuurd vanaf", "Verstuurd met", "Outlook voor",
  "Sendt fra", "Sendt med", "Skickat från", "Skickat med", "Hent Outlook til", "Skaff deg Outlook for", "Hämta Outlook för",
  "Lähetetty", "Hanki Outlook",
  "Wysłane z", "Wysłano z", "Wysłane przy użyciu", "Pobierz Outlook",
  "Odesláno z", "Odoslané z",
  "Отправлено с", "Отправлено из", "Надіслано з", "Изпратено от",
  "Elküldve", "Küldve",
  "iPhone'umdan gönderildi",
  "Στάλθηκε από",
  "Trimis de pe", "Trimis de",
  "Dikirim dari", "Dihantar dari",
  "Gửi từ",
] as const;

export const SALUTATIONS = [
  "Dear", "Dearest", "My dear", "My dearest", "Hi", "Hello", "Hey", "Hiya", "Howdy", "Greetings", "Good morning", "Good afternoon", "Good evening",
  "Cher", "Chère", "Chers", "Chères", "Bonjour", "Bonsoir", "Salut", "Coucou",
  "Liebe", "Lieber", "Liebes", "Hallo", "Guten Tag", "Guten Morgen", "Moin", "Servus",
  "Querida", "Querido", "Queridas", "Queridos", "Hola", "Estimada", "Estimado", "Buenos días", "Olá", "Oi", "Prezada", "Prezado", "Bom dia",
  "Caro", "Cara", "Cari", "Care", "Carissima", "Carissimo", "Ciao", "Buongiorno", "Salve",
  "Beste", "Lieve", "Hoi", "Dag", "Kære", "Kjære", "Kära", "Käre", "Hej", "Hei", "Hallå", "Moi", "Hyvä",
  "Drogi", "Droga", "Drodzy", "Kochana", "Kochany", "Kochani", "Cześć", "Witaj", "Witam", "Dzień dobry", "Milá", "Milý", "Milí", "Ahoj", "Dobrý den",
  "Дорогая", "Дорогой", "Дорогие", "Милая", "Милый", "Привет", "Здравствуй", "Здравствуйте", "Дорога", "Дорогий", "Привіт", "Вітаю",
  "Kedves", "Szia", "Sziasztok", "Sevgili", "Merhaba", "Selam",
] as const;

export const SIGN_OFFS = [
  "Regards", "Best regards", "Kind regards", "Warm regards", "Best wishes", "Best", "Cheers", "Thanks", "Thank you", "Many thanks", "Love", "Lots of love",
  "Yours", "Sincerely", "All the best", "Hugs", "xoxo",
  "Cordialement", "Bien à vous", "Bises", "Amitiés", "Grosses bises",
  "Viele Grüße", "Liebe Grüße", "Mit freundlichen Grüßen", "Mit lieben Grüßen", "Gruß", "Grüße", "LG", "VG",
  "Saludos", "Un abrazo", "Besos", "Abraços", "Atenciosamente", "Beijos", "Cordiali saluti", "Saluti", "Un abbraccio", "Baci",
  "Met vriendelijke groet", "Groetjes", "Groeten", "Hilsen", "Mvh", "Med venlig hilsen", "Kærlig hilsen", "Vänliga hälsningar", "Hälsningar", "Kram",
  "Terveisin", "Ystävällisin terveisin", "Pozdrawiam", "Serdecznie", "S pozdravem", "С уважением", "С любовью", "З повагою", "Üdvözlettel", "Saygılarımla",
] as const;
