// Recharts lives only here, and this module is loaded on demand by the analytics page, so no other
// page downloads it. Each chart is decorative for assistive technology: the page shows its data as a table.
import { Bar, BarChart, CartesianGrid, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { hourLabel } from './palette';

export interface Slice {
  name: string;
  value: number;
  fill: string;
}

export function ViolationsDonut({ slices }: { slices: Slice[] }) {
  const shown = slices.filter((s) => s.value > 0);
  return (
    <div className="chart-box" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie
            data={shown}
            dataKey="value"
            nameKey="name"
            innerRadius="55%"
            outerRadius="85%"
            paddingAngle={shown.length > 1 ? 1 : 0}
            stroke="#fff"
            // Not a tab stop: the table beside the chart carries the same data for keyboard and screen reader users.
            rootTabIndex={-1}
            isAnimationActive={false}
          />
          <Tooltip />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

export function HourlyBarChart({ data, color, countLabel }: { data: Array<{ hour: number; count: number }>; color: string; countLabel: string }) {
  const rows = data.map((d) => ({ hour: hourLabel(d.hour), [countLabel]: d.count }));
  return (
    <div className="chart-box" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="hour" interval="preserveStartEnd" minTickGap={12} tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey={countLabel} fill={color} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
