import { type AnswerType, type Survey, type SurveyQuestion, labelColors } from './survey';

/** A question; choice questions list their answers, numbered from 1. */
function question(
  id: number,
  title: string,
  text: string,
  answerType: AnswerType,
  answers: string[] = [],
): SurveyQuestion {
  return {
    id,
    title,
    question: text,
    answerType,
    answers: answers.map((label, index) => ({ id: index + 1, label })),
  };
}

const TEXT = 1;
const MULTI_CHOICE = 2;
const SINGLE_CHOICE = 3;

/** The demo's in-memory surveys (docs/reference/product.md §3 gives their shape, not their content). */
export const sampleSurveys: Survey[] = [
  {
    id: 1,
    title: 'React component patterns',
    category: 'Development',
    createDate: '2025-01-14',
    status: 'ACTIVE',
    label: 'NEW FRAMEWORK',
    labelColor: labelColors['NEW FRAMEWORK'],
    detail: 'How the team builds and shares interface components.',
    questions: [
      question(1, 'Experience', 'How long have you worked with React?', SINGLE_CHOICE, [
        'Less than a year',
        '1 to 3 years',
        'More than 3 years',
      ]),
      question(2, 'State', 'Which ways of keeping state do you use?', MULTI_CHOICE, [
        'Component state',
        'Context',
        'Redux',
        'A query cache',
      ]),
      question(3, 'Wish list', 'What would make our components easier to reuse?', TEXT),
    ],
  },
  {
    id: 2,
    title: 'Remote working habits',
    category: 'Workplace',
    createDate: '2025-02-03',
    status: 'ACTIVE',
    label: 'PERSONAL',
    labelColor: labelColors.PERSONAL,
    detail: 'Where and how people like to work away from the office.',
    questions: [
      question(1, 'Days at home', 'How many days a week do you work from home?', SINGLE_CHOICE, [
        'None',
        '1 or 2',
        '3 or more',
      ]),
      question(2, 'Tools', 'Which tools help you most when working remotely?', MULTI_CHOICE, [
        'Video calls',
        'Team chat',
        'Shared documents',
      ]),
      question(3, 'Suggestions', 'What one change would help remote work?', TEXT),
    ],
  },
  {
    id: 3,
    title: 'Laptop refresh feedback',
    category: 'Hardware',
    createDate: '2024-11-20',
    status: 'COMPLETED',
    label: 'PERSONAL',
    labelColor: labelColors.PERSONAL,
    detail: 'Views on the new laptops issued last autumn.',
    questions: [
      question(1, 'Satisfaction', 'How happy are you with your new laptop?', SINGLE_CHOICE, [
        'Very happy',
        'Happy',
        'Unhappy',
      ]),
      question(2, 'Problems', 'Describe any problem you have had with it.', TEXT),
    ],
  },
  {
    id: 4,
    title: 'TypeScript training needs',
    category: 'Development',
    createDate: '2025-03-10',
    status: 'ACTIVE',
    label: 'EDUCATION',
    labelColor: labelColors.EDUCATION,
    detail: 'Which TypeScript topics the next course should cover.',
    questions: [
      question(1, 'Topics', 'Which topics should the course cover?', MULTI_CHOICE, [
        'Generics',
        'Type narrowing',
        'Declaration files',
        'Compiler options',
      ]),
      question(2, 'Format', 'How would you like to learn?', SINGLE_CHOICE, ['In person', 'Online', 'Self-paced']),
    ],
  },
  {
    id: 5,
    title: 'Office ergonomics check',
    category: 'Workplace',
    createDate: '2024-09-02',
    status: 'COMPLETED',
    label: 'EDUCATION',
    labelColor: labelColors.EDUCATION,
    detail: 'Desks, chairs and screens: what helps and what hurts.',
    questions: [
      question(1, 'Discomfort', 'Where do you feel discomfort after a working day?', MULTI_CHOICE, [
        'Neck',
        'Back',
        'Wrists',
        'Nowhere',
      ]),
      question(2, 'Desk', 'Would you use a standing desk?', SINGLE_CHOICE, ['Yes', 'No', 'Not sure']),
      question(3, 'Comments', 'Anything else about your workspace?', TEXT),
    ],
  },
  {
    id: 6,
    title: 'Monitor and dock standards',
    category: 'Hardware',
    createDate: '2025-01-28',
    status: 'ACTIVE',
    label: 'NEW FRAMEWORK',
    labelColor: labelColors['NEW FRAMEWORK'],
    detail: 'Choosing one standard set of monitors and docking stations.',
    questions: [
      question(1, 'Screens', 'How many screens do you use?', SINGLE_CHOICE, ['One', 'Two', 'Three or more']),
      question(2, 'Ports', 'Which connections do you need?', MULTI_CHOICE, ['USB-C', 'HDMI', 'Ethernet']),
    ],
  },
];
