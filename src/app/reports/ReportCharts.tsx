import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { VictoryAxis, VictoryBar, VictoryChart, VictoryGroup, VictoryLegend, VictoryTooltip } from 'victory';
import type { ReactNode } from 'react';
import { formatUSD, toCents } from '../../domain/money';
import { SALES_COLOR, SERIES, type Bar, type ReportChartData } from './chartData';

/**
 * The Reports screen's two bar charts (SPEC §2): Labour, Products and Discounts per day, grouped, and Sales per day.
 * Victory is a chunk of its own: Reports.tsx loads this module lazily, so the screen's table and dates come first.
 */

const money = (y: number) => formatUSD(toCents(y));
const shortDay = (dt: string) => dt.slice(5); // MM-DD under the bars; the tooltip has the whole date

function Empty() {
  return (
    <Text color="fg.muted" fontSize="sm" py="6" textAlign="center">
      Nothing in this range.
    </Text>
  );
}

function axes(days: number) {
  return [
    <VictoryAxis
      key="x"
      tickFormat={shortDay}
      fixLabelOverlap
      style={{ tickLabels: { fontSize: days > 14 ? 8 : 10, angle: days > 14 ? -45 : 0 } }}
    />,
    <VictoryAxis key="y" dependentAxis tickFormat={(y: number) => money(y)} style={{ tickLabels: { fontSize: 9 } }} />,
  ];
}

const tooltip = <VictoryTooltip flyoutStyle={{ fill: 'white' }} style={{ fontSize: 10 }} />;
const label =
  (name: string) =>
  ({ datum }: { datum?: Bar }) =>
    datum ? `${name} ${datum.x}: ${money(datum.y)}` : '';

/** A chart's frame: its title, named for assistive technology, and the chart or 'Nothing in this range.' */
function ChartBox({
  title,
  label,
  empty,
  children,
}: {
  title: string;
  label: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Box flex="1" borderWidth="1px" borderRadius="md" p="3" role="figure" aria-label={label}>
      <Heading size="sm">{title}</Heading>
      {empty ? <Empty /> : children}
    </Box>
  );
}

/** each chart's name, on its figure and as its svg's title (an svg image needs its own name) */
const MIX_LABEL = 'Labour, Products and Discounts per day';
const SALES_LABEL = 'Sales per day';

const CHART = { domainPadding: { x: 30, y: 10 }, padding: { top: 40, bottom: 50, left: 80, right: 20 }, height: 300 };

export default function ReportCharts({ data }: { data: ReportChartData }) {
  const days = new Set([...data.labour, ...data.sales].map((b) => b.x)).size;
  const bar = Math.max(3, Math.min(18, 240 / Math.max(1, data.labour.length * 3)));
  return (
    <Stack gap="6" direction={{ base: 'column', lg: 'row' }}>
      <ChartBox title="Labour, Products and Discounts" label={MIX_LABEL} empty={data.labour.length === 0}>
        <VictoryChart {...CHART} title={MIX_LABEL}>
          <VictoryLegend
            x={80}
            y={5}
            orientation="horizontal"
            gutter={20}
            style={{ labels: { fontSize: 10 } }}
            data={SERIES.map((s) => ({ name: s.name, symbol: { fill: s.color } }))}
          />
          {axes(days)}
          <VictoryGroup offset={bar + 2} colorScale={SERIES.map((s) => s.color)}>
            {SERIES.map((s) => (
              <VictoryBar
                key={s.key}
                data={data[s.key]}
                barWidth={bar}
                labels={label(s.name)}
                labelComponent={tooltip}
              />
            ))}
          </VictoryGroup>
        </VictoryChart>
      </ChartBox>
      <ChartBox title="Sales" label={SALES_LABEL} empty={data.sales.length === 0}>
        <VictoryChart {...CHART} title={SALES_LABEL}>
          {axes(days)}
          <VictoryBar
            data={data.sales}
            barWidth={Math.max(3, Math.min(24, 480 / Math.max(1, data.sales.length * 2)))}
            style={{ data: { fill: SALES_COLOR } }}
            labels={label('Sales')}
            labelComponent={tooltip}
          />
        </VictoryChart>
      </ChartBox>
    </Stack>
  );
}
