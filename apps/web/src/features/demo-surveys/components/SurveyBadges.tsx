import { Badge } from '@mantine/core';
import type { SurveyLabel, SurveyLabelColor, SurveyStatus } from '../survey';

/** The template's colour names in Mantine's terms; 'primary' follows the chosen theme colour. */
const mantineColours: Record<SurveyLabelColor, string | undefined> = {
  primary: undefined,
  secondary: 'gray',
  info: 'cyan',
};

/** A badge's text may be cut short to fit; in a table column that cut 'NEW FRAMEWORK' to 'NEW FRAMEW…'. */
const wholeText = { label: { overflow: 'visible' } };

// Survey values are sample data in English, shown as they are so a search finds what is on screen.

export function SurveyLabelBadge({ label, color }: { label: SurveyLabel; color: SurveyLabelColor }) {
  return (
    <Badge color={mantineColours[color]} variant="light" styles={wholeText}>
      {label}
    </Badge>
  );
}

export function SurveyStatusBadge({ status }: { status: SurveyStatus }) {
  return (
    <Badge color={status === 'ACTIVE' ? 'green' : 'gray'} variant="outline" styles={wholeText}>
      {status}
    </Badge>
  );
}
