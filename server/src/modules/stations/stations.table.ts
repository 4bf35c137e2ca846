import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameSi: text('name_si').notNull(),
    nameTa: text('name_ta').notNull(),
    district: text('district').notNull(),
  },
  (t) => [uniqueIndex('stations_name_uq').on(t.name)],
);
