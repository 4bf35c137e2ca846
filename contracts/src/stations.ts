import { z } from 'zod';

export const stationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_si: z.string(),
  name_ta: z.string(),
  district: z.string(),
});
export type Station = z.infer<typeof stationSchema>;
export const stationListSchema = z.object({ stations: z.array(stationSchema) });
