import type { DaySeries } from "./wdp-spread.js";

/**
 * Earned value management in ANSI/EIA-748 terms (issue 15), as pure arithmetic over cumulative figures and day
 * series. Every ratio whose divisor is zero is null ("not defined yet": no cost spent, nothing planned), never
 * Infinity or NaN, so figures travel as JSON and a screen shows a dash.
 *
 * Terms: PV planned value (budgeted cost of work scheduled), EV earned value (budgeted cost of work performed),
 * AC actual cost, BAC budget at completion; SV = EV − PV, CV = EV − AC, SPI = EV / PV, CPI = EV / AC;
 * EAC by the common methods (below), ETC = EAC − AC, VAC = BAC − EAC, TCPI to reach BAC or the EAC.
 * Earned schedule (Lipke 2003): ES = C + (EV − PV_C) / (PV_{C+1} − PV_C), SV(t) = ES − AT, SPI(t) = ES / AT,
 * IEAC(t) = PD / SPI(t).
 */

/** The three cumulative values at a status point and the budget at completion. */
export interface EvmPoint {
  pv: number;
  ev: number;
  ac: number;
  bac: number;
}

/** The estimates at completion; which one a manager trusts depends on why the project deviates. */
export interface EacMethods {
  /** BAC / CPI: the cost efficiency so far holds to the end (the usual one). */
  cpi: number | null;
  /** AC + (BAC − EV): the remaining work goes at budget rate (a one-off deviation). */
  budgetRate: number;
  /** AC + (BAC − EV) / (CPI × SPI): both cost and schedule efficiency weigh on the rest. */
  cpiSpi: number | null;
  /** AC + (BAC − EV) / (0.8 CPI + 0.2 SPI): the composite index many agencies use. */
  composite: number | null;
}

export interface EvmFigures extends EvmPoint {
  sv: number;
  cv: number;
  spi: number | null;
  cpi: number | null;
  eac: EacMethods;
  /** ETC and VAC from the CPI method (BAC / CPI), the one reported when no method is named. */
  etc: number | null;
  vac: number | null;
  /** Efficiency the remaining work needs to finish at BAC: (BAC − EV) / (BAC − AC). */
  tcpiBac: number | null;
  /** Efficiency the remaining work needs to finish at the CPI EAC: (BAC − EV) / (EAC − AC). */
  tcpiEac: number | null;
  /** EV / BAC and AC / BAC (0..1 and more). */
  percentComplete: number | null;
  percentSpent: number | null;
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

/** Every figure at one status point. */
export function earnedValue(point: EvmPoint): EvmFigures {
  const { pv, ev, ac, bac } = point;
  const spi = ratio(ev, pv);
  const cpi = ratio(ev, ac);
  const remaining = bac - ev;
  const byCpi = cpi === null || cpi === 0 ? null : bac / cpi;
  const bySpiCpi = cpi === null || spi === null || cpi * spi === 0 ? null : ac + remaining / (cpi * spi);
  const composite =
    cpi === null || spi === null || 0.8 * cpi + 0.2 * spi === 0 ? null : ac + remaining / (0.8 * cpi + 0.2 * spi);
  return {
    pv,
    ev,
    ac,
    bac,
    sv: ev - pv,
    cv: ev - ac,
    spi,
    cpi,
    eac: { cpi: byCpi, budgetRate: ac + remaining, cpiSpi: bySpiCpi, composite },
    etc: byCpi === null ? null : byCpi - ac,
    vac: byCpi === null ? null : bac - byCpi,
    tcpiBac: ratio(remaining, bac - ac),
    tcpiEac: byCpi === null ? null : ratio(remaining, byCpi - ac),
    percentComplete: ratio(ev, bac),
    percentSpent: ratio(ac, bac),
  };
}

export interface EarnedSchedule {
  /** Earned schedule: periods of the plan that the earned value corresponds to. */
  es: number;
  /** Actual time: periods elapsed. */
  at: number;
  /** ES − AT: negative = behind, in periods (days for day series). */
  svt: number;
  spit: number | null;
  /** Planned duration / SPI(t): the forecast duration in periods. */
  ieact: number | null;
}

/**
 * Earned schedule from the cumulative planned value at the end of each period (`pvCumulative[i]` = PV after period
 * i + 1, non-decreasing), the earned value at the status point and the actual time `at` in periods. C is the number
 * of whole periods whose cumulative PV the EV reaches (Lipke's count: a plateau of periods without planned value is
 * counted whole once reached); the fraction of the next is interpolated linearly. The planned duration is the number
 * of periods up to the last that adds planned value.
 */
export function earnedSchedule(pvCumulative: readonly number[], ev: number, at: number): EarnedSchedule {
  let c = 0;
  while (c < pvCumulative.length && pvCumulative[c] <= ev) c++;
  // After the plan's last period every further period adds nothing: ES cannot pass the planned duration.
  let pd = pvCumulative.length;
  while (pd > 1 && pvCumulative[pd - 1] === pvCumulative[pd - 2]) pd--;
  let es: number;
  if (c >= pvCumulative.length) es = pd;
  else {
    const before = c === 0 ? 0 : pvCumulative[c - 1];
    const step = pvCumulative[c] - before;
    es = Math.min(pd, c + (step === 0 ? 0 : (ev - before) / step));
  }
  const spit = ratio(es, at);
  return { es, at, svt: es - at, spit, ieact: spit === null || spit === 0 ? null : pd / spit };
}

/** Cumulative values per day from `from` to `to` (both included) of a series of daily increments. */
export function cumulativeDays(series: DaySeries, from: number, to: number): Float64Array {
  const out = new Float64Array(Math.max(0, to - from + 1));
  let sum = 0;
  for (let k = series.start; k < from && k - series.start < series.values.length; k++)
    sum += series.values[k - series.start];
  for (let d = from; d <= to; d++) {
    const k = d - series.start;
    if (k >= 0 && k < series.values.length) sum += series.values[k];
    out[d - from] = sum;
  }
  return out;
}

/** Daily increments of PV (the plan's cost), EV (the budget earned by the work done) and AC (the cost spent). */
export interface EvmSeriesInput {
  planned: DaySeries;
  earned: DaySeries;
  actual: DaySeries;
  /** The status day (day number): figures are as of its end. */
  statusDay: number;
}

/**
 * Figures at the status day from day series, with earned schedule counted in days: day 1 is the first planned day,
 * AT the days elapsed from it to the status day. BAC is the whole plan's total.
 */
export function earnedValueOnDay(input: EvmSeriesInput): EvmFigures & { schedule: EarnedSchedule | null } {
  const { planned, earned, actual, statusDay } = input;
  const sum = (s: DaySeries, to: number) => {
    let v = 0;
    const last = Math.min(s.values.length - 1, to - s.start);
    for (let k = 0; k <= last; k++) v += s.values[k];
    return v;
  };
  const bac = sum(planned, Number.POSITIVE_INFINITY);
  const figures = earnedValue({
    pv: sum(planned, statusDay),
    ev: sum(earned, statusDay),
    ac: sum(actual, statusDay),
    bac,
  });
  if (planned.values.length === 0 || statusDay < planned.start) return { ...figures, schedule: null };
  const pvCumulative = Array.from(cumulativeDays(planned, planned.start, planned.start + planned.values.length - 1));
  return { ...figures, schedule: earnedSchedule(pvCumulative, figures.ev, statusDay - planned.start + 1) };
}
