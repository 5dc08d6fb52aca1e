import { formatPounds } from '../vat/money';
import {
  type Bilingual,
  type FeedbackItem,
  links,
  northernIreland,
  notice700,
  notice70012,
  notice733,
  flatRateScheme,
  percent,
  reclaimVat,
  vatRates,
} from './feedback-guidance';
import { type HistoryFinding, historyRules, historyWords } from './feedback-history-messages';
import type { Finding } from './feedback-rules';

/**
 * The words of each finding (feedback-rules.ts), in English and Welsh, as the FeedbackItems of
 * reference/vat-assist/application.yaml: a title telling the user what to check, a body of a few
 * plain sentences with the figures, an action, GOV.UK guidance links and the box field (`path`).
 * Each message exists in both languages with the same number, figures and links; software shows
 * either, verbatim (service guide). This file words the checks within the return;
 * feedback-history-messages.ts those against earlier returns.
 */

export type { FeedbackItem, FeedbackLink } from './feedback-guidance';

export interface FeedbackMessages {
  englishFeedback: FeedbackItem[];
  welshFeedback: FeedbackItem[];
}

/** The feedback request's 200 body (VATAssistResponse): the report's ids and its messages. */
export interface VatAssistReport extends FeedbackMessages {
  /** A UUID; the acknowledgement names it. */
  reportId: string;
  /** 64 upper-case hex characters; the acknowledgement must send it back. */
  correlationId: string;
}

const isHistoryFinding = (finding: Finding): finding is HistoryFinding =>
  (historyRules as readonly string[]).includes(finding.rule);

function words(finding: Finding): Bilingual {
  if (isHistoryFinding(finding)) return historyWords(finding);
  switch (finding.rule) {
    case 'outputVatHigh': {
      const { box1, box6 } = finding;
      const l = links(vatRates, notice70012);
      const noSales = box6 === 0;
      return {
        path: 'vatDueSales',
        en: {
          title: 'VAT due on sales appears high',
          body: noSales
            ? `Box 1 is ${formatPounds(box1)}, but box 6 shows no sales. Box 6 must include the value of the sales that box 1 is about, excluding VAT.`
            : `Box 1 is ${formatPounds(box1)}. This is more than 20% of the sales in box 6 (${formatPounds(box6)}). The standard rate of VAT is 20%, so VAT on sales is not usually more than this. It can be higher if box 1 includes VAT on imports or under the reverse charge.`,
          action: 'Check box 1 and box 6 of your VAT Return.',
          links: l.en,
        },
        cy: {
          title: "Mae'r TAW sy'n ddyledus ar werthiannau yn ymddangos yn uchel",
          body: noSales
            ? `Mae blwch 1 yn ${formatPounds(box1)}, ond nid yw blwch 6 yn dangos unrhyw werthiannau. Rhaid i flwch 6 gynnwys gwerth y gwerthiannau y mae blwch 1 yn ymwneud â nhw, heb gynnwys TAW.`
            : `Mae blwch 1 yn ${formatPounds(box1)}. Mae hyn yn fwy nag 20% o'r gwerthiannau ym mlwch 6 (${formatPounds(box6)}). Cyfradd safonol TAW yw 20%, felly nid yw TAW ar werthiannau fel arfer yn fwy na hyn. Gall fod yn uwch os yw blwch 1 yn cynnwys TAW ar fewnforion neu dan y tâl gwrthdro.`,
          action: 'Gwiriwch flwch 1 a blwch 6 eich Ffurflen TAW.',
          links: l.cy,
        },
      };
    }
    case 'salesWithoutVat': {
      const l = links(vatRates, notice700);
      return {
        path: 'vatDueSales',
        en: {
          title: 'Sales with no VAT',
          body: `Box 6 shows sales of ${formatPounds(finding.box6)}, but box 1 has no VAT due on sales. This is right only if all your sales are zero-rated, exempt or outside the scope of UK VAT.${finding.historyHadVat ? ' Your earlier returns did include VAT on sales.' : ''}`,
          action: 'Check that you have charged VAT at the right rate and included it in box 1.',
          links: l.en,
        },
        cy: {
          title: 'Gwerthiannau heb TAW',
          body: `Mae blwch 6 yn dangos gwerthiannau o ${formatPounds(finding.box6)}, ond nid oes TAW yn ddyledus ar werthiannau ym mlwch 1. Mae hyn yn gywir dim ond os yw eich holl werthiannau wedi'u cyfraddio'n sero, wedi'u heithrio neu y tu allan i gwmpas TAW y DU.${finding.historyHadVat ? ' Roedd eich Ffurflenni TAW blaenorol yn cynnwys TAW ar werthiannau.' : ''}`,
          action: "Gwiriwch eich bod wedi codi TAW ar y gyfradd gywir a'i chynnwys ym mlwch 1.",
          links: l.cy,
        },
      };
    }
    case 'inputVatHigh': {
      const { box4, box7 } = finding;
      const l = links(reclaimVat, notice70012);
      const noPurchases = box7 <= 0;
      return {
        path: 'vatReclaimedCurrPeriod',
        en: {
          title: 'VAT reclaimed appears high',
          body: noPurchases
            ? `Box 4 is ${formatPounds(box4)}, but box 7 shows no purchases. Box 7 must include the value of the purchases you reclaim VAT on, excluding VAT.`
            : `Box 4 is ${formatPounds(box4)}. This is more than 20% of the purchases in box 7 (${formatPounds(box7)}). You can usually reclaim at most 20% of what you spent, excluding VAT. It can be higher if box 4 includes VAT on imports or under the reverse charge.`,
          action: 'Check box 4 and box 7 of your VAT Return, and that you have a valid VAT invoice for each claim.',
          links: l.en,
        },
        cy: {
          title: "Mae'r TAW a adenillwyd yn ymddangos yn uchel",
          body: noPurchases
            ? `Mae blwch 4 yn ${formatPounds(box4)}, ond nid yw blwch 7 yn dangos unrhyw bryniannau. Rhaid i flwch 7 gynnwys gwerth y pryniannau rydych yn adennill TAW arnynt, heb gynnwys TAW.`
            : `Mae blwch 4 yn ${formatPounds(box4)}. Mae hyn yn fwy nag 20% o'r pryniannau ym mlwch 7 (${formatPounds(box7)}). Fel arfer, gallwch adennill hyd at 20% o'r hyn a wariwyd gennych, heb gynnwys TAW. Gall fod yn uwch os yw blwch 4 yn cynnwys TAW ar fewnforion neu dan y tâl gwrthdro.`,
          action:
            'Gwiriwch flwch 4 a blwch 7 eich Ffurflen TAW, a bod gennych anfoneb TAW ddilys ar gyfer pob hawliad.',
          links: l.cy,
        },
      };
    }
    case 'flatRateOutputLow': {
      const { rateTenths, box1, box6, expected } = finding;
      const l = links(flatRateScheme, notice733);
      return {
        path: 'vatDueSales',
        en: {
          title: 'VAT due appears low for your flat rate',
          body: `You use the Flat Rate Scheme at ${percent(rateTenths)}%. That rate on your turnover in box 6 (${formatPounds(box6)}) gives ${formatPounds(expected)}, but box 1 is ${formatPounds(box1)}. On the scheme, box 6 is your turnover including VAT.`,
          action: 'Check that box 1 is your flat rate times your turnover including VAT.',
          links: l.en,
        },
        cy: {
          title: "Mae'r TAW sy'n ddyledus yn ymddangos yn isel ar gyfer eich cyfradd unffurf",
          body: `Rydych yn defnyddio'r Cynllun Cyfradd Unffurf ar ${percent(rateTenths)}%. Mae'r gyfradd honno ar eich trosiant ym mlwch 6 (${formatPounds(box6)}) yn rhoi ${formatPounds(expected)}, ond mae blwch 1 yn ${formatPounds(box1)}. Ar y cynllun, blwch 6 yw eich trosiant gan gynnwys TAW.`,
          action: "Gwiriwch mai blwch 1 yw eich cyfradd unffurf wedi'i lluosi â'ch trosiant gan gynnwys TAW.",
          links: l.cy,
        },
      };
    }
    case 'flatRateInputVat': {
      const l = links(notice733, flatRateScheme);
      return {
        path: 'vatReclaimedCurrPeriod',
        en: {
          title: 'VAT reclaimed on the Flat Rate Scheme',
          body: `Box 4 is ${formatPounds(finding.box4)}. On the Flat Rate Scheme you do not usually reclaim VAT on purchases. You can reclaim VAT on a single capital asset costing £2,000 or more including VAT.`,
          action: 'Check that box 4 only includes VAT you can reclaim on the scheme.',
          links: l.en,
        },
        cy: {
          title: 'TAW a adenillwyd ar y Cynllun Cyfradd Unffurf',
          body: `Mae blwch 4 yn ${formatPounds(finding.box4)}. Ar y Cynllun Cyfradd Unffurf, nid ydych fel arfer yn adennill TAW ar bryniannau. Gallwch adennill TAW ar un ased cyfalaf sy'n costio £2,000 neu fwy, gan gynnwys TAW.`,
          action: 'Gwiriwch mai dim ond TAW y gallwch ei hadennill ar y cynllun sydd ym mlwch 4.',
          links: l.cy,
        },
      };
    }
    case 'acquisitionsWithoutVat': {
      const l = links(northernIreland, notice70012);
      return {
        path: 'vatDueAcquisitions',
        en: {
          title: 'Acquisitions with no acquisition VAT',
          body: `Box 9 shows goods of ${formatPounds(finding.box9)} brought into Northern Ireland from the EU, but box 2 is £0.00. VAT is usually due on these goods, and it goes in box 2.`,
          action: 'Check box 2 and box 9 of your VAT Return.',
          links: l.en,
        },
        cy: {
          title: 'Caffaeliadau heb TAW ar gaffaeliadau',
          body: `Mae blwch 9 yn dangos nwyddau gwerth ${formatPounds(finding.box9)} a ddaeth i Ogledd Iwerddon o'r UE, ond mae blwch 2 yn £0.00. Fel arfer, mae TAW yn ddyledus ar y nwyddau hyn, ac mae'n mynd ym mlwch 2.`,
          action: 'Gwiriwch flwch 2 a blwch 9 eich Ffurflen TAW.',
          links: l.cy,
        },
      };
    }
    case 'niValueOverTotal': {
      const { box, value, total } = finding;
      const totalBox = box === 8 ? 6 : 7;
      const l = links(northernIreland, notice70012);
      return {
        path: box === 8 ? 'totalValueGoodsSuppliedExVAT' : 'totalAcquisitionsExVAT',
        en: {
          title: 'Northern Ireland figure larger than its total',
          body: `Box ${box} (${formatPounds(value)}) is more than box ${totalBox} (${formatPounds(total)}). Box ${totalBox} must include the goods in box ${box}, so box ${box} cannot be larger. The figures may be in the wrong boxes.`,
          action: `Check box ${totalBox} and box ${box} of your VAT Return.`,
          links: l.en,
        },
        cy: {
          title: "Ffigur Gogledd Iwerddon yn fwy na'i gyfanswm",
          body: `Mae blwch ${box} (${formatPounds(value)}) yn fwy na blwch ${totalBox} (${formatPounds(total)}). Rhaid i flwch ${totalBox} gynnwys y nwyddau ym mlwch ${box}, felly ni all blwch ${box} fod yn fwy. Efallai fod y ffigurau yn y blychau anghywir.`,
          action: `Gwiriwch flwch ${totalBox} a blwch ${box} eich Ffurflen TAW.`,
          links: l.cy,
        },
      };
    }
  }
}

/** The findings as numbered English and Welsh messages, item 001 first. */
export function feedbackMessages(findings: readonly Finding[]): FeedbackMessages {
  const englishFeedback: FeedbackItem[] = [];
  const welshFeedback: FeedbackItem[] = [];
  findings.forEach((finding, index) => {
    const itemNumber = String(index + 1).padStart(3, '0');
    const { path, en, cy } = words(finding);
    englishFeedback.push({ itemNumber, ...en, path });
    welshFeedback.push({ itemNumber, ...cy, path });
  });
  return { englishFeedback, welshFeedback };
}
