-- The booking cap inside the one booking statement (complaints.repository.ts `withinCap`): the citizen's row
-- is locked first, so one citizen's bookings run one after the other; then, each a statement of its own in
-- this VOLATILE function (a fresh snapshot under READ COMMITTED), the count sees a competing booking that
-- committed while this one waited. Inside the booking statement itself the count would see the snapshot
-- taken before the wait. The ORDER BY keeps the count on (citizen_user_id, appointment_date, slot_id).
CREATE FUNCTION complaints_booking_within_cap(citizen integer, slot integer, today date, now_time time, cap integer)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = citizen FOR NO KEY UPDATE;
  RETURN (SELECT count(*) FROM (
      SELECT 1 FROM complaints c
      WHERE c.citizen_user_id = citizen AND c.appointment_date >= today
        AND (c.appointment_date > today OR c.appointment_time_from > now_time)
      ORDER BY c.appointment_date
      LIMIT cap) upcoming) < cap
    AND NOT EXISTS (SELECT 1 FROM complaints c
      WHERE c.citizen_user_id = citizen AND c.appointment_date >= today AND c.slot_id = slot);
END $$;
