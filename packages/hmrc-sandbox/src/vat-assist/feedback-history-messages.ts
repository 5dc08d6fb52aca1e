import { ukLongDate } from '@vatwise/domain';
import { formatPounds } from '../vat/money';
import {
  type Bilingual,
  capital,
  lastReturnsCy,
  lastReturnsEn,
  links,
  notice70012,
  percent,
  reclaimVat,
  vatRates,
} from './feedback-guidance';
import type { Finding } from './feedback-rules';

/**
 * The words of the findings against the business's history (feedback-rules.ts), in English and
 * Welsh: the share of VAT on sales, sales, VAT reclaimed, a repayment and figures copied from the
 * last return, each against the business's earlier returns.
 */

export type HistoryFinding = Extract<
  Finding,
  { rule: 'outputVatLow' | 'salesChange' | 'reclaimRise' | 'unusualRepayment' | 'sameAsLastReturn' }
>;

export const historyRules: readonly HistoryFinding['rule'][] = [
  'outputVatLow',
  'salesChange',
  'reclaimRise',
  'unusualRepayment',
  'sameAsLastReturn',
];

export function historyWords(finding: HistoryFinding): Bilingual {
  switch (finding.rule) {
    case 'outputVatLow': {
      const { draftRateTenths: now, historyRateTenths: usual, returns } = finding;
      const l = links(vatRates, notice70012);
      return {
        path: 'vatDueSales',
        en: {
          title: 'VAT due on sales appears low',
          body: `Box 1 is ${percent(now)}% of your sales in box 6. In ${lastReturnsEn(returns)} it was ${percent(usual)}% on average. A lower share can mean that a sale was missed or that VAT was charged at the wrong rate.`,
          action: 'Check box 1 and box 6 of your VAT Return.',
          links: l.en,
        },
        cy: {
          title: "Mae'r TAW sy'n ddyledus ar werthiannau yn ymddangos yn isel",
          body: `Mae blwch 1 yn ${percent(now)}% o'ch gwerthiannau ym mlwch 6. Yn ${lastReturnsCy(returns)}, roedd yn ${percent(usual)}% ar gyfartaledd. Gall cyfran is olygu bod gwerthiant wedi'i fethu neu fod TAW wedi'i chodi ar y gyfradd anghywir.`,
          action: 'Gwiriwch flwch 1 a blwch 6 eich Ffurflen TAW.',
          links: l.cy,
        },
      };
    }
    case 'salesChange': {
      const { box6, average, returns, changePercent } = finding;
      const higher = box6 > average;
      const l = links(notice70012);
      return {
        path: 'totalValueSalesExVAT',
        en: {
          title: 'Sales are very different from earlier periods',
          body: `Box 6 is ${formatPounds(box6)}. In ${lastReturnsEn(returns)} it was ${formatPounds(average)} on average, so this is ${changePercent}% ${higher ? 'higher' : 'lower'}. A large change can be right, but it can also come from sales that are missing or counted twice.`,
          action: 'Check that box 6 includes every sale for this period, once.',
          links: l.en,
        },
        cy: {
          title: "Mae'r gwerthiannau'n wahanol iawn i gyfnodau blaenorol",
          body: `Mae blwch 6 yn ${formatPounds(box6)}. Yn ${lastReturnsCy(returns)}, roedd yn ${formatPounds(average)} ar gyfartaledd, felly mae hyn ${changePercent}% yn ${higher ? 'uwch' : 'is'}. Gall newid mawr fod yn gywir, ond gall hefyd ddod o werthiannau sydd ar goll neu wedi'u cyfrif ddwywaith.`,
          action: 'Gwiriwch fod blwch 6 yn cynnwys pob gwerthiant ar gyfer y cyfnod hwn, unwaith.',
          links: l.cy,
        },
      };
    }
    case 'reclaimRise': {
      const { box4, average, returns } = finding;
      const l = links(reclaimVat, notice70012);
      return {
        path: 'vatReclaimedCurrPeriod',
        en: {
          title: 'VAT reclaimed is much higher than usual',
          body: `Box 4 is ${formatPounds(box4)}. In ${lastReturnsEn(returns)} it was ${formatPounds(average)} on average. A large rise can be right, for example after buying equipment, but check each claim.`,
          action: 'Check box 4, and that you have a valid VAT invoice for each claim.',
          links: l.en,
        },
        cy: {
          title: "Mae'r TAW a adenillwyd yn llawer uwch nag arfer",
          body: `Mae blwch 4 yn ${formatPounds(box4)}. Yn ${lastReturnsCy(returns)}, roedd yn ${formatPounds(average)} ar gyfartaledd. Gall cynnydd mawr fod yn gywir, er enghraifft ar ôl prynu offer, ond gwiriwch bob hawliad.`,
          action: 'Gwiriwch flwch 4, a bod gennych anfoneb TAW ddilys ar gyfer pob hawliad.',
          links: l.cy,
        },
      };
    }
    case 'unusualRepayment': {
      const { box3, box4, box5, returns } = finding;
      const l = links(notice70012, reclaimVat);
      return {
        path: 'netVatDue',
        en: {
          title: 'This return claims a repayment',
          body: `Box 4 (${formatPounds(box4)}) is more than box 3 (${formatPounds(box3)}), so this return claims a repayment of ${formatPounds(box5)}. ${capital(lastReturnsEn(returns))} ${returns === 1 ? 'had' : 'all had'} VAT to pay. HMRC may check a repayment claim before paying it.`,
          action: 'Check boxes 1 to 4 before you submit your VAT Return.',
          links: l.en,
        },
        cy: {
          title: "Mae'r Ffurflen TAW hon yn hawlio ad-daliad",
          body: `Mae blwch 4 (${formatPounds(box4)}) yn fwy na blwch 3 (${formatPounds(box3)}), felly mae'r Ffurflen TAW hon yn hawlio ad-daliad o ${formatPounds(box5)}. Roedd TAW i'w thalu ar ${lastReturnsCy(returns)}${returns === 1 ? '' : ' i gyd'}. Efallai y bydd CThEF yn gwirio hawliad am ad-daliad cyn ei dalu.`,
          action: 'Gwiriwch flychau 1 i 4 cyn i chi gyflwyno eich Ffurflen TAW.',
          links: l.cy,
        },
      };
    }
    case 'sameAsLastReturn': {
      const l = links(notice70012);
      return {
        path: 'vatDueSales',
        en: {
          title: 'The figures are the same as your last return',
          body: `All nine boxes match your return for the period that ended on ${ukLongDate(finding.periodEnd, 'en')}. Figures that repeat exactly can mean that the last period was copied by mistake.`,
          action: 'Check that these figures are for this period.',
          links: l.en,
        },
        cy: {
          title: "Mae'r ffigurau yr un fath â'ch Ffurflen TAW ddiwethaf",
          body: `Mae'r naw blwch yr un fath â'ch Ffurflen TAW ar gyfer y cyfnod a ddaeth i ben ar ${ukLongDate(finding.periodEnd, 'cy')}. Gall ffigurau sy'n ailadrodd yn union olygu bod y cyfnod diwethaf wedi'i gopïo mewn camgymeriad.`,
          action: 'Gwiriwch fod y ffigurau hyn ar gyfer y cyfnod hwn.',
          links: l.cy,
        },
      };
    }
  }
}
