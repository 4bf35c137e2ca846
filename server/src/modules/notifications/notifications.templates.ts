import { OFFENSE_TYPE_NAMES, type Language, type NotificationTemplate, type OffenseType } from '@pes/contracts';

/** What a template may say: the record's reference and, where it has them, its appointment, status and amount. */
export interface TemplateValues {
  reference: string;
  date?: string;
  time?: string;
  station?: string;
  status?: string;
  amount?: string;
  username?: string;
  minutes?: string;
  link?: string;
  /** A paid fine's vehicle number, offence (its type, named in the message's language) and court appearance ('required'). */
  vehicle?: string;
  offense?: string;
  court?: string;
  /** An account notice's moment (Colombo time), the browser and system, and the network (IPv4 /24, IPv6 /48). */
  when?: string;
  device?: string;
  network?: string;
  /** Where an account notice sends its reader if it was not them: asking for a reset link, their signed-in devices. */
  forgot?: string;
  devices?: string;
}

/** What a message is rendered from, kept with it so that it is rendered again at sending (in the language of then). */
export interface MessageParams {
  values: TemplateValues;
  /** The appointment an e-mail's calendar file describes (Colombo date and times, the station's English name). */
  appointment?: { date: string; time_from: string; time_to: string; station: string };
}

interface Wording {
  subject: string;
  /** The SMS and the e-mail's first line: short (two UCS-2 segments, 134 characters, in Sinhala and Tamil). */
  short: string;
  /** The e-mail's further lines. */
  more?: string;
}

type Texts = Record<NotificationTemplate, Record<Language, Wording>>;

/** What every account notice says after its first line: when, from which device and network. */
const NOTICE_DETAILS: Record<Language, string> = {
  en: 'When: {when} (Sri Lanka time)\nDevice: {device}\nNetwork: {network}',
  si: 'කවදා: {when} (ශ්‍රී ලංකා වේලාව)\nඋපාංගය: {device}\nජාලය: {network}',
  ta: 'எப்போது: {when} (இலங்கை நேரம்)\nசாதனம்: {device}\nவலையமைப்பு: {network}',
};
/** A notice's device or network that the request did not tell. */
const UNKNOWN: Record<Language, string> = { en: 'not known', si: 'නොදනී', ta: 'தெரியவில்லை' };

/** If it was not them: a citizen chooses a new password (which ends every session) and checks their devices. */
const NOT_YOU_CITIZEN: Record<Language, string> = {
  en: 'If this was not you, someone else may know your password: choose a new one at once at {forgot} (every session then ends) and check your signed-in devices at {devices}.',
  si: 'මෙය ඔබ නොවේ නම්, වෙනත් අයෙකු ඔබගේ මුරපදය දන්නවා විය හැක: වහාම {forgot} හි නව මුරපදයක් තෝරන්න (එවිට සියලු සැසි අවසන් වේ) සහ {devices} හි ඔබ පිවිසී ඇති උපාංග පරීක්ෂා කරන්න.',
  ta: 'இது நீங்கள் இல்லையெனில், வேறொருவர் உங்கள் கடவுச்சொல்லை அறிந்திருக்கலாம்: உடனே {forgot} இல் புதிய கடவுச்சொல்லைத் தெரிவுசெய்யவும் (அப்போது எல்லா அமர்வுகளும் முடியும்), {devices} இல் நீங்கள் உள்நுழைந்துள்ள சாதனங்களைச் சரிபார்க்கவும்.',
};
/** Staff's second step: their administrator resets it. */
const NOT_YOU_STAFF: Record<Language, string> = {
  en: 'If this was not you, tell your administrator at once: they can reset your second sign-in step and end your sessions.',
  si: 'මෙය ඔබ නොවේ නම්, වහාම ඔබගේ පරිපාලකට දන්වන්න: ඔවුන්ට ඔබගේ දෙවන පිවිසුම් පියවර යළි සැකසීමට සහ ඔබගේ සැසි අවසන් කිරීමට හැක.',
  ta: 'இது நீங்கள் இல்லையெனில், உடனே உங்கள் நிர்வாகிக்குத் தெரிவிக்கவும்: அவர் உங்கள் இரண்டாவது உள்நுழைவுப் படியை மீட்டமைத்து உங்கள் அமர்வுகளை முடிக்கலாம்.',
};
const NOT_YOU_CLOSED: Record<Language, string> = {
  en: 'If this was not you, go to your nearest police station at once with your identity card: your records are kept.',
  si: 'මෙය ඔබ නොවේ නම්, ඔබගේ හැඳුනුම්පත සමඟ වහාම ළඟම පොලිස් ස්ථානයට යන්න: ඔබගේ වාර්තා තබා ඇත.',
  ta: 'இது நீங்கள் இல்லையெனில், உங்கள் அடையாள அட்டையுடன் உடனே அருகிலுள்ள பொலிஸ் நிலையத்துக்குச் செல்லவும்: உங்கள் பதிவுகள் வைக்கப்பட்டுள்ளன.',
};

type AccountTemplate = Extract<NotificationTemplate, `account_${string}`>;
const ACCOUNT_TEXTS: Record<AccountTemplate, { wording: Record<Language, Omit<Wording, 'more'>>; notYou: Record<Language, string> }> = {
  account_password_changed: {
    notYou: NOT_YOU_CITIZEN,
    wording: {
      en: { subject: 'Your password was changed', short: 'Sri Lanka Police e-Services: the password of your account {username} was changed, {when}.' },
      si: { subject: 'ඔබගේ මුරපදය වෙනස් කරන ලදී', short: 'ශ්‍රී ලංකා පොලිස් ඊ-සේවා: ඔබගේ {username} ගිණුමේ මුරපදය වෙනස් කරන ලදී, {when}.' },
      ta: { subject: 'உங்கள் கடவுச்சொல் மாற்றப்பட்டது', short: 'இலங்கை பொலிஸ் இ-சேவைகள்: உங்கள் {username} கணக்கின் கடவுச்சொல் மாற்றப்பட்டது, {when}.' },
    },
  },
  account_password_reset: {
    notYou: NOT_YOU_CITIZEN,
    wording: {
      en: {
        subject: 'Your password was reset',
        short: 'Sri Lanka Police e-Services: a new password was set for your account {username} through a reset link, {when}.',
      },
      si: { subject: 'ඔබගේ මුරපදය යළි සකසන ලදී', short: 'ශ්‍රී ලංකා පොලිස් ඊ-සේවා: යළි සැකසීමේ සබැඳියකින් ඔබගේ {username} ගිණුමට නව මුරපදයක් සකසන ලදී, {when}.' },
      ta: {
        subject: 'உங்கள் கடவுச்சொல் மீட்டமைக்கப்பட்டது',
        short: 'இலங்கை பொலிஸ் இ-சேவைகள்: மீட்டமைப்பு இணைப்பின் மூலம் உங்கள் {username} கணக்கிற்குப் புதிய கடவுச்சொல் அமைக்கப்பட்டது, {when}.',
      },
    },
  },
  account_second_step_set_up: {
    notYou: NOT_YOU_STAFF,
    wording: {
      en: {
        subject: 'Your second sign-in step was set up',
        short: 'Sri Lanka Police e-Services: a new authenticator app was set up for your account {username}, {when}.',
      },
      si: { subject: 'ඔබගේ දෙවන පිවිසුම් පියවර සකසන ලදී', short: 'ශ්‍රී ලංකා පොලිස් ඊ-සේවා: ඔබගේ {username} ගිණුමට නව සත්‍යාපන යෙදුමක් සකසන ලදී, {when}.' },
      ta: {
        subject: 'உங்கள் இரண்டாவது உள்நுழைவுப் படி அமைக்கப்பட்டது',
        short: 'இலங்கை பொலிஸ் இ-சேவைகள்: உங்கள் {username} கணக்கிற்குப் புதிய அங்கீகரிப்புச் செயலி அமைக்கப்பட்டது, {when}.',
      },
    },
  },
  account_second_step_reset: {
    notYou: NOT_YOU_STAFF,
    wording: {
      en: {
        subject: 'Your second sign-in step was reset',
        short: 'Sri Lanka Police e-Services: an administrator reset the second sign-in step of your account {username}, {when}.',
      },
      si: { subject: 'ඔබගේ දෙවන පිවිසුම් පියවර යළි සකසන ලදී', short: 'ශ්‍රී ලංකා පොලිස් ඊ-සේවා: පරිපාලකයෙකු ඔබගේ {username} ගිණුමේ දෙවන පිවිසුම් පියවර යළි සැකසීය, {when}.' },
      ta: {
        subject: 'உங்கள் இரண்டாவது உள்நுழைவுப் படி மீட்டமைக்கப்பட்டது',
        short: 'இலங்கை பொலிஸ் இ-சேவைகள்: ஒரு நிர்வாகி உங்கள் {username} கணக்கின் இரண்டாவது உள்நுழைவுப் படியை மீட்டமைத்தார், {when}.',
      },
    },
  },
  account_second_step_locked: {
    notYou: NOT_YOU_STAFF,
    wording: {
      en: {
        subject: 'Your second sign-in step is locked',
        short:
          'Sri Lanka Police e-Services: after repeated wrong codes, the second sign-in step of your account {username} is locked until an administrator resets it, {when}.',
      },
      si: {
        subject: 'ඔබගේ දෙවන පිවිසුම් පියවර අගුළු දමා ඇත',
        short: 'ශ්‍රී ලංකා පොලිස් ඊ-සේවා: නැවත නැවත වැරදි කේත නිසා, පරිපාලකයෙකු යළි සකසන තුරු ඔබගේ {username} ගිණුමේ දෙවන පිවිසුම් පියවර අගුළු දමා ඇත, {when}.',
      },
      ta: {
        subject: 'உங்கள் இரண்டாவது உள்நுழைவுப் படி பூட்டப்பட்டது',
        short: 'இலங்கை பொலிஸ் இ-சேவைகள்: மீண்டும் மீண்டும் தவறான குறியீடுகளால், நிர்வாகி மீட்டமைக்கும் வரை உங்கள் {username} கணக்கின் இரண்டாவது உள்நுழைவுப் படி பூட்டப்பட்டது, {when}.',
      },
    },
  },
  account_sessions_ended: {
    notYou: NOT_YOU_CITIZEN,
    wording: {
      en: {
        subject: 'You were signed out on your other devices',
        short: 'Sri Lanka Police e-Services: every other session of your account {username} was ended from one device, {when}.',
      },
      si: { subject: 'ඔබව අනෙක් උපාංගවලින් ඉවත් කරන ලදී', short: 'ශ්‍රී ලංකා පොලිස් ඊ-සේවා: එක් උපාංගයකින් ඔබගේ {username} ගිණුමේ අනෙක් සියලු සැසි අවසන් කරන ලදී, {when}.' },
      ta: {
        subject: 'பிற சாதனங்களில் நீங்கள் வெளியேற்றப்பட்டீர்கள்',
        short: 'இலங்கை பொலிஸ் இ-சேவைகள்: ஒரு சாதனத்திலிருந்து உங்கள் {username} கணக்கின் மற்ற எல்லா அமர்வுகளும் முடிக்கப்பட்டன, {when}.',
      },
    },
  },
  account_new_device: {
    notYou: NOT_YOU_CITIZEN,
    wording: {
      en: { subject: 'New sign-in to your account', short: 'Sri Lanka Police e-Services: your account {username} was signed in to from a new device, {when}.' },
      si: { subject: 'ඔබගේ ගිණුමට නව පිවිසුමක්', short: 'ශ්‍රී ලංකා පොලිස් ඊ-සේවා: නව උපාංගයකින් ඔබගේ {username} ගිණුමට පිවිසුණි, {when}.' },
      ta: { subject: 'உங்கள் கணக்கில் புதிய உள்நுழைவு', short: 'இலங்கை பொலிஸ் இ-சேவைகள்: புதிய சாதனத்திலிருந்து உங்கள் {username} கணக்கில் உள்நுழையப்பட்டது, {when}.' },
    },
  },
  account_closed: {
    notYou: NOT_YOU_CLOSED,
    wording: {
      en: {
        subject: 'Your account was closed',
        short: 'Sri Lanka Police e-Services: your account {username} was closed, {when}. It can no longer be used to sign in.',
      },
      si: { subject: 'ඔබගේ ගිණුම වසා දමන ලදී', short: 'ශ්‍රී ලංකා පොලිස් ඊ-සේවා: ඔබගේ {username} ගිණුම වසා දමන ලදී, {when}. එයින් තවදුරටත් පිවිසිය නොහැක.' },
      ta: { subject: 'உங்கள் கணக்கு மூடப்பட்டது', short: 'இலங்கை பொலிஸ் இ-சேவைகள்: உங்கள் {username} கணக்கு மூடப்பட்டது, {when}. அதைக் கொண்டு இனி உள்நுழைய முடியாது.' },
    },
  },
};

/** An account notice in every language: its first line, then when and where from, then what to do if it was not them. */
const accountTexts = Object.fromEntries(
  Object.entries(ACCOUNT_TEXTS).map(([template, { wording, notYou }]) => [
    template,
    Object.fromEntries(
      (Object.keys(wording) as Language[]).map((language) => [language, { ...wording[language], more: `${NOTICE_DETAILS[language]}\n\n${notYou[language]}` }]),
    ),
  ]),
) as Record<AccountTemplate, Record<Language, Wording>>;

const TEXTS: Texts = {
  ...accountTexts,
  complaint_filed: {
    en: {
      subject: 'Complaint {reference} received',
      short: 'Sri Lanka Police: complaint {reference} received. Appointment {date} {time}, {station}.',
      more: 'Please come to {station} on {date} at {time} (Sri Lanka time) with your identity card. The calendar file attached adds the appointment to your calendar.',
    },
    si: {
      subject: 'පැමිණිල්ල {reference} ලැබුණි',
      short: 'ශ්‍රී ලංකා පොලිසිය: පැමිණිල්ල {reference} ලැබුණි. හමුවීම {date} {time}, {station}.',
      more: 'කරුණාකර ඔබගේ හැඳුනුම්පත සමඟ {date} දින {time} ට (ශ්‍රී ලංකා වේලාව) {station} වෙත පැමිණෙන්න. අමුණා ඇති දින දර්ශන ගොනුව හමුවීම ඔබගේ දින දර්ශනයට එක් කරයි.',
    },
    ta: {
      subject: 'முறைப்பாடு {reference} பெறப்பட்டது',
      short: 'இலங்கை பொலிஸ்: முறைப்பாடு {reference} பெறப்பட்டது. சந்திப்பு {date} {time}, {station}.',
      more: 'உங்கள் அடையாள அட்டையுடன் {date} அன்று {time} மணிக்கு (இலங்கை நேரம்) வரவும். இடம்: {station}. இணைக்கப்பட்ட நாட்காட்டிக் கோப்பு சந்திப்பை உங்கள் நாட்காட்டியில் சேர்க்கும்.',
    },
  },
  complaint_status: {
    en: { subject: 'Complaint {reference}: {status}', short: 'Sri Lanka Police: complaint {reference} is now {status}.' },
    si: { subject: 'පැමිණිල්ල {reference}: {status}', short: 'ශ්‍රී ලංකා පොලිසිය: පැමිණිල්ල {reference} හි තත්ත්වය: {status}.' },
    ta: { subject: 'முறைப்பாடு {reference}: {status}', short: 'இலங்கை பொலிஸ்: முறைப்பாடு {reference} நிலை: {status}.' },
  },
  appointment_reminder: {
    en: {
      subject: 'Reminder: your appointment for {reference}',
      short: 'Sri Lanka Police reminder: appointment for {reference} on {date} at {time}, {station}.',
    },
    si: { subject: 'මතක් කිරීම: {reference} හමුවීම', short: 'ශ්‍රී ලංකා පොලිසිය මතක් කිරීම: {reference} හමුවීම {date} {time}, {station}.' },
    ta: { subject: 'நினைவூட்டல்: {reference} சந்திப்பு', short: 'இலங்கை பொலிஸ் நினைவூட்டல்: {reference} சந்திப்பு {date} {time}, {station}.' },
  },
  clearance_paid: {
    en: { subject: 'Police clearance {reference}: fee received', short: 'Sri Lanka Police: clearance {reference} fee received. Your application is pending.' },
    si: { subject: 'පොලිස් නිෂ්කාශන {reference}: ගාස්තුව ලැබුණි', short: 'ශ්‍රී ලංකා පොලිසිය: නිෂ්කාශන {reference} ගාස්තුව ලැබුණි.' },
    ta: { subject: 'பொலிஸ் அனுமதி {reference}: கட்டணம் பெறப்பட்டது', short: 'இலங்கை பொலிஸ்: அனுமதி {reference} கட்டணம் பெறப்பட்டது.' },
  },
  clearance_status: {
    en: { subject: 'Police clearance {reference}: {status}', short: 'Sri Lanka Police: clearance {reference} is now {status}.' },
    si: { subject: 'පොලිස් නිෂ්කාශන {reference}: {status}', short: 'ශ්‍රී ලංකා පොලිසිය: නිෂ්කාශන {reference} තත්ත්වය: {status}.' },
    ta: { subject: 'பொலிஸ் அனுமதி {reference}: {status}', short: 'இலங்கை பொலிஸ்: அனுமதி {reference} நிலை: {status}.' },
  },
  clearance_certificate_ready: {
    en: { subject: 'Police clearance {reference}: certificate ready', short: 'Sri Lanka Police: your clearance certificate {reference} is ready to download.' },
    si: { subject: 'පොලිස් නිෂ්කාශන {reference}: සහතිකය සූදානම්', short: 'ශ්‍රී ලංකා පොලිසිය: නිෂ්කාශන සහතිකය {reference} බාගත කිරීමට සූදානම්.' },
    ta: { subject: 'பொலிஸ் அனுமதி {reference}: சான்றிதழ் தயார்', short: 'இலங்கை பொலிஸ்: அனுமதிச் சான்றிதழ் {reference} பதிவிறக்கத் தயார்.' },
  },
  clearance_withdrawn: {
    en: { subject: 'Police clearance {reference}: certificate withdrawn', short: 'Sri Lanka Police: clearance certificate {reference} was withdrawn.' },
    si: { subject: 'පොලිස් නිෂ්කාශන {reference}: සහතිකය අවලංගුයි', short: 'ශ්‍රී ලංකා පොලිසිය: නිෂ්කාශන සහතිකය {reference} අවලංගු කරන ලදී.' },
    ta: { subject: 'பொலிஸ் அனுமதி {reference}: சான்றிதழ் மீளப்பெறப்பட்டது', short: 'இலங்கை பொலிஸ்: அனுமதிச் சான்றிதழ் {reference} மீளப்பெறப்பட்டது.' },
  },
  fine_paid: {
    en: {
      subject: 'Receipt: fine for {vehicle} paid',
      short: 'Sri Lanka Police: fine for {vehicle} ({offense}, {date}) paid, {amount}. Payment reference {reference}.',
      more: 'Vehicle number: {vehicle}\nOffence: {offense}\nDate of the offence: {date}\nAmount paid: {amount}\nPayment reference: {reference}\nKeep this e-mail as proof of payment.',
    },
    si: {
      subject: 'රිසිට්පත: {vehicle} සඳහා දඩය ගෙවා ඇත',
      short: 'ශ්‍රී ලංකා පොලිසිය: {vehicle} දඩය ({offense}, {date}) ගෙවා ඇත, {amount}. ගෙවීමේ යොමු අංකය {reference}.',
      more: 'වාහන අංකය: {vehicle}\nවරද: {offense}\nවරද සිදු වූ දිනය: {date}\nගෙවූ මුදල: {amount}\nගෙවීමේ යොමු අංකය: {reference}\nමෙම ඊමේල් පණිවිඩය ගෙවීමේ සාක්ෂියක් ලෙස තබා ගන්න.',
    },
    ta: {
      subject: 'பற்றுச்சீட்டு: {vehicle} அபராதம் செலுத்தப்பட்டது',
      short: 'இலங்கை பொலிஸ்: {vehicle} அபராதம் ({offense}, {date}) செலுத்தப்பட்டது, {amount}. கொடுப்பனவுக் குறிப்பு இலக்கம் {reference}.',
      more: 'வாகன இலக்கம்: {vehicle}\nகுற்றம்: {offense}\nகுற்றம் நடந்த திகதி: {date}\nசெலுத்திய தொகை: {amount}\nகொடுப்பனவுக் குறிப்பு இலக்கம்: {reference}\nஇந்த மின்னஞ்சலைக் கொடுப்பனவுக்கான சான்றாக வைத்திருக்கவும்.',
    },
  },
  password_reset: {
    en: {
      subject: 'Choose a new password',
      short: 'Sri Lanka Police e-Services: to choose a new password, open {link} within {minutes} minutes. Did not ask? Ignore this.',
      more: 'Someone (we hope you) asked to choose a new password for the account {username}. The link works once. If it was not you, ignore this message: your password stays as it is.',
    },
    si: {
      subject: 'නව මුරපදයක් තෝරන්න',
      short: 'ශ්‍රී ලංකා පොලිස් ඊ-සේවා: නව මුරපදයක් තේරීමට, මිනිත්තු {minutes} ක් ඇතුළත {link} විවෘත කරන්න. ඔබ ඉල්ලුවේ නැත්නම්, මෙය නොසලකා හරින්න.',
      more: '{username} ගිණුම සඳහා නව මුරපදයක් තේරීමට ඉල්ලීමක් ලැබුණි. මෙම සබැඳිය එක් වරක් පමණක් ක්‍රියා කරයි. එය ඔබ නොවේ නම්, මෙම පණිවිඩය නොසලකා හරින්න: ඔබගේ මුරපදය වෙනස් නොවේ.',
    },
    ta: {
      subject: 'புதிய கடவுச்சொல்லைத் தேர்ந்தெடுக்கவும்',
      short: 'இலங்கை பொலிஸ் இ-சேவைகள்: புதிய கடவுச்சொல்லைத் தேர்ந்தெடுக்க, {minutes} நிமிடங்களுக்குள் {link} ஐத் திறக்கவும். நீங்கள் கோரவில்லையெனில், இதைப் புறக்கணிக்கவும்.',
      more: '{username} கணக்கிற்குப் புதிய கடவுச்சொல்லைத் தேர்ந்தெடுக்கக் கோரிக்கை பெறப்பட்டது. இந்த இணைப்பு ஒரு முறை மட்டுமே செயல்படும். அது நீங்கள் இல்லையெனில், இச்செய்தியைப் புறக்கணிக்கவும்: உங்கள் கடவுச்சொல் மாறாது.',
    },
  },
};

/** A paid fine that needs a court appearance says so (SMS and e-mail): paying does not replace it. */
const COURT_STILL_REQUIRED: Record<Language, string> = {
  en: 'The court appearance is still required: attend court on the date on your summons.',
  si: 'උසාවියට පෙනී සිටීම තවමත් අවශ්‍යයි: ඔබගේ සිතාසියේ සඳහන් දිනයේ උසාවියට පැමිණෙන්න.',
  ta: 'நீதிமன்றில் ஆஜராவது இன்னும் அவசியம்: உங்கள் அழைப்பாணையில் குறிப்பிட்ட திகதியில் நீதிமன்றுக்குச் செல்லவும்.',
};

/** A card payment the gateway gave no reference for, as the web receipt says it. */
export const NO_PAYMENT_REFERENCE: Record<Language, string> = {
  en: 'Online card payment',
  si: 'මාර්ගගත කාඩ්පත් ගෙවීම',
  ta: 'இணைய அட்டைக் கொடுப்பனவு',
};

/** An appointment's calendar entry: its title (what, where) and description (reference, when, what to bring). */
const CALENDAR: Record<Language, { summary: string; description: string }> = {
  en: {
    summary: 'Police appointment: complaint {reference}, {station}',
    description:
      'Appointment about complaint {reference} at {station}, {date} {time} (Sri Lanka time). Bring your identity card (NIC or passport) and any documents or photos about the complaint.',
  },
  si: {
    summary: 'පොලිස් හමුවීම: පැමිණිල්ල {reference}, {station}',
    description:
      '{station} හි පැමිණිල්ල {reference} පිළිබඳ හමුවීම, {date} {time} (ශ්‍රී ලංකා වේලාව). ඔබගේ හැඳුනුම්පත (ජාතික හැඳුනුම්පත හෝ ගමන් බලපත්‍රය) සහ පැමිණිල්ලට අදාළ ලේඛන හෝ ඡායාරූප රැගෙන එන්න.',
  },
  ta: {
    summary: 'பொலிஸ் சந்திப்பு: முறைப்பாடு {reference}, {station}',
    description:
      'முறைப்பாடு {reference} தொடர்பான சந்திப்பு, {date} {time} (இலங்கை நேரம்). இடம்: {station}. உங்கள் அடையாள அட்டை (தேசிய அடையாள அட்டை அல்லது கடவுச்சீட்டு) மற்றும் முறைப்பாடு தொடர்பான ஆவணங்கள் அல்லது புகைப்படங்களைக் கொண்டு வரவும்.',
  },
};

/** An appointment's calendar title and description in a language. */
export function calendarTexts(language: Language, values: TemplateValues) {
  const wording = CALENDAR[language];
  return { summary: fill(wording.summary, { ...values }), description: fill(wording.description, { ...values }) };
}

/** Every e-mail says what it is and how to stop them. */
const FOOTER: Record<Language, string> = {
  en: 'Message {message} from the Sri Lanka Police e-Services. To stop these messages, change your settings at {settings}',
  si: 'ශ්‍රී ලංකා පොලිස් ඊ-සේවා පණිවිඩය {message}. මෙම පණිවිඩ නැවැත්වීමට, {settings} හි ඔබගේ සැකසුම් වෙනස් කරන්න',
  ta: 'இலங்கை பொலிஸ் இ-சேவைகள் செய்தி {message}. இச்செய்திகளை நிறுத்த, {settings} இல் உங்கள் அமைப்புகளை மாற்றவும்',
};

/** Status words the portal itself uses, in each language; an officer's own wording is quoted as written. */
const STATUS_WORDS: Record<string, Record<Language, string>> = {
  Pending: { en: 'Pending', si: 'අපේක්ෂිත', ta: 'நிலுவையில்' },
  'In Progress': { en: 'In Progress', si: 'ක්‍රියාත්මක වෙමින්', ta: 'செயல்பாட்டில்' },
  Completed: { en: 'Completed', si: 'සම්පූර්ණයි', ta: 'நிறைவடைந்தது' },
  pending: { en: 'pending', si: 'අපේක්ෂිත', ta: 'நிலுவையில்' },
  in_progress: { en: 'in progress', si: 'ක්‍රියාත්මක වෙමින්', ta: 'செயல்பாட்டில்' },
  completed: { en: 'completed', si: 'සම්පූර්ණයි', ta: 'நிறைவடைந்தது' },
  rejected: { en: 'rejected', si: 'ප්‍රතික්ෂේපිතයි', ta: 'நிராகரிக்கப்பட்டது' },
};

const fill = (text: string, values: Record<string, string | undefined>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** A template in a language: the SMS text, and the e-mail's subject and text (with the footer). */
export function renderMessage(template: NotificationTemplate, language: Language, values: TemplateValues, footer: { message: string; settings: string }) {
  const wording = TEXTS[template][language];
  const filled = {
    ...values,
    device: values.device === '' ? UNKNOWN[language] : values.device,
    network: values.network === '' ? UNKNOWN[language] : values.network,
    status: values.status && (STATUS_WORDS[values.status]?.[language] ?? values.status),
    offense: values.offense && (OFFENSE_TYPE_NAMES[values.offense as OffenseType]?.[language] ?? values.offense),
  };
  const court = values.court === 'required' ? COURT_STILL_REQUIRED[language] : undefined;
  const short = [fill(wording.short, filled), court].filter((l) => l !== undefined).join(' ');
  const email = [short, wording.more && fill(wording.more, filled), '', '--', fill(FOOTER[language], footer)].filter((l) => l !== undefined).join('\n');
  return { subject: fill(wording.subject, filled), sms: short, email };
}
