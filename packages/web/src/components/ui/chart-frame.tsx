import type { HTMLAttributes, ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

export interface ChartFrameProps extends Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'children'> {
  /** The size the chart is drawn at before its frame is measured (the first render, tests). */
  size: { width: number; height: number };
  /** One Recharts chart (AreaChart, LineChart, PieChart...). */
  children: ReactElement;
}

/**
 * A chart in its frame: 16rem high, as wide as its panel, the chart drawn at the frame's size. The
 * frame clips: a chart keeps the width it was drawn at until its resize observer redraws it, a frame
 * after the window narrows, and must not make the page scroll sideways meanwhile (the Dashboard's
 * test at 390 px). Anything else given (a test id, data attributes) goes on the frame.
 */
export function ChartFrame({ size, children, ...frame }: ChartFrameProps) {
  return (
    <div className="h-64 overflow-hidden" {...frame}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={size}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}
