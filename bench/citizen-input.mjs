// What the bench and test scripts send as a citizen, spelt once: Colombo's calendar days and a traffic complaint's
// fields, so a change to the complaint form's fields is made here and nowhere else.

// One formatter, made once: building an Intl.DateTimeFormat costs ~120 µs and a load generator shares the two cores
// with the server, so request bodies must be cheap to make.
const colomboFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Colombo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in Colombo (YYYY-MM-DD), or the day `offsetDays` from it. */
export const colomboDay = (offsetDays = 0) => colomboFormat.format(new Date(Date.now() + offsetDays * 86_400_000));

/**
 * A traffic complaint's form fields (POST /api/complaints/traffic, multipart): a road accident on the evening of `day`
 * (yesterday when not given; a load loop passes it, computed once), filed by `full_name` at `station` in the appointment
 * slot `slotId`. The file goes beside them as `attachment_file`.
 */
export function trafficComplaintFields({ full_name, station, slotId, day = colomboDay(-1) }) {
  return {
    full_name,
    age: '35',
    gender: 'female',
    home_address: '5 Flower Road, Colombo 07',
    id_number: '198812345678',
    phone_number: '0771234567',
    what_happened: 'A three-wheeler hit my car at the junction.',
    when: `${day}T17:45`,
    where: 'Kollupitiya junction',
    damage_value: '15000.00',
    traffic_category: 'road_accidents',
    station,
    slot_id: String(slotId),
  };
}
