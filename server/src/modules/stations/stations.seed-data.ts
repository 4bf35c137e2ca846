export interface StationSeed {
  name: string;
  name_si: string;
  name_ta: string;
  district: string;
}

// Seeds the stations table when the database is empty.
export const STATION_SEEDS: readonly StationSeed[] = [
  { name: 'Kollupitiya Police Station', name_si: 'කොල්ලුපිටිය පොලිස් ස්ථානය', name_ta: 'கொள்ளுப்பிட்டி பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Slave Island Police', name_si: 'කොම්පඤ්ඤවීදිය පොලිසිය', name_ta: 'கொம்பனித்தெரு பொலிஸ்', district: 'Colombo' },
  { name: 'Colombo Fort Police Station', name_si: 'කොටුව පොලිස් ස්ථානය', name_ta: 'கோட்டை பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Pettah Police Station', name_si: 'පිටකොටුව පොලිස් ස්ථානය', name_ta: 'புறக்கோட்டை பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Maradana Police Station', name_si: 'මරදාන පොලිස් ස්ථානය', name_ta: 'மருதானை பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Borella Police Station', name_si: 'බොරැල්ල පොලිස් ස්ථානය', name_ta: 'பொரளை பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Cinnamon Gardens Police Station', name_si: 'කුරුඳුවත්ත පොලිස් ස්ථානය', name_ta: 'கறுவாத்தோட்டம் பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Bambalapitiya Police Station', name_si: 'බම්බලපිටිය පොලිස් ස්ථානය', name_ta: 'பம்பலப்பிட்டி பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Wellawatte Police Station', name_si: 'වැල්ලවත්ත පොලිස් ස්ථානය', name_ta: 'வெள்ளவத்தை பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Kirulapone Police Station', name_si: 'කිරුළපන පොලිස් ස්ථානය', name_ta: 'கிருலப்பனை பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Narahenpita Police Station', name_si: 'නාරාහේන්පිට පොලිස් ස්ථානය', name_ta: 'நாரஹேன்பிட்டி பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Dehiwala Police Station', name_si: 'දෙහිවල පොලිස් ස්ථානය', name_ta: 'தெஹிவளை பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Mount Lavinia Police Station', name_si: 'ගල්කිස්ස පොලිස් ස්ථානය', name_ta: 'கல்கிசை பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Nugegoda Police Station', name_si: 'නුගේගොඩ පොලිස් ස්ථානය', name_ta: 'நுகேகொடை பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Maharagama Police Station', name_si: 'මහරගම පොලිස් ස්ථානය', name_ta: 'மகரகம பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Moratuwa Police Station', name_si: 'මොරටුව පොලිස් ස්ථානය', name_ta: 'மொரட்டுவை பொலிஸ் நிலையம்', district: 'Colombo' },
  { name: 'Panadura Police Station', name_si: 'පානදුර පොලිස් ස්ථානය', name_ta: 'பாணந்துறை பொலிஸ் நிலையம்', district: 'Kalutara' },
  { name: 'Negombo Police Station', name_si: 'මීගමුව පොලිස් ස්ථානය', name_ta: 'நீர்கொழும்பு பொலிஸ் நிலையம்', district: 'Gampaha' },
  { name: 'Gampaha Police Station', name_si: 'ගම්පහ පොලිස් ස්ථානය', name_ta: 'கம்பஹா பொலிஸ் நிலையம்', district: 'Gampaha' },
  { name: 'Kandy Police Station', name_si: 'මහනුවර පොලිස් ස්ථානය', name_ta: 'கண்டி பொலிஸ் நிலையம்', district: 'Kandy' },
  { name: 'Galle Police Station', name_si: 'ගාල්ල පොලිස් ස්ථානය', name_ta: 'காலி பொலிஸ் நிலையம்', district: 'Galle' },
  { name: 'Matara Police Station', name_si: 'මාතර පොලිස් ස්ථානය', name_ta: 'மாத்தறை பொலிஸ் நிலையம்', district: 'Matara' },
  { name: 'Hambantota Police Station', name_si: 'හම්බන්තොට පොලිස් ස්ථානය', name_ta: 'அம்பாந்தோட்டை பொலிஸ் நிலையம்', district: 'Hambantota' },
  { name: 'Jaffna Police Station', name_si: 'යාපනය පොලිස් ස්ථානය', name_ta: 'யாழ்ப்பாணம் பொலிஸ் நிலையம்', district: 'Jaffna' },
  { name: 'Batticaloa Police Station', name_si: 'මඩකලපුව පොලිස් ස්ථානය', name_ta: 'மட்டக்களப்பு பொலிஸ் நிலையம்', district: 'Batticaloa' },
  { name: 'Trincomalee Police Station', name_si: 'ත්‍රිකුණාමලය පොලිස් ස්ථානය', name_ta: 'திருகோணமலை பொலிஸ் நிலையம்', district: 'Trincomalee' },
  { name: 'Anuradhapura Police Station', name_si: 'අනුරාධපුර පොලිස් ස්ථානය', name_ta: 'அனுராதபுரம் பொலிஸ் நிலையம்', district: 'Anuradhapura' },
  { name: 'Polonnaruwa Police Station', name_si: 'පොළොන්නරුව පොලිස් ස්ථානය', name_ta: 'பொலன்னறுவை பொலிஸ் நிலையம்', district: 'Polonnaruwa' },
  { name: 'Kurunegala Police Station', name_si: 'කුරුණෑගල පොලිස් ස්ථානය', name_ta: 'குருநாகல் பொலிஸ் நிலையம்', district: 'Kurunegala' },
  { name: 'Ratnapura Police Station', name_si: 'රත්නපුර පොලිස් ස්ථානය', name_ta: 'இரத்தினபுரி பொலிஸ் நிலையம்', district: 'Ratnapura' },
  { name: 'Badulla Police Station', name_si: 'බදුල්ල පොලිස් ස්ථානය', name_ta: 'பதுளை பொலிஸ் நிலையம்', district: 'Badulla' },
  { name: 'Nuwara Eliya Police Station', name_si: 'නුවරඑළිය පොලිස් ස්ථානය', name_ta: 'நுவரெலியா பொலிஸ் நிலையம்', district: 'Nuwara Eliya' },
];
