import type { contentPages } from './screens';

/** The navigation's content pages, the landing page and the privacy policy. */
export type ContentNamespace = (typeof contentPages)[number] | 'home' | 'privacy';

/**
 * Every page ContentPage draws: the navigation's content pages, the landing page and the privacy
 * policy (ContentNamespace), and the terms of use and accessibility statement HMRC expects beside
 * the privacy policy, which only the route table and the footer name.
 */
export type ContentPageNamespace = ContentNamespace | 'terms' | 'accessibility';

/**
 * The shape of every content page's translation file (features/content/locales/<lng>/<page>.json).
 * A paragraph or point may mark a link as `<name>text</name>`, `name` one of ContentSections' inlineLinks.
 */
export interface ContentSection {
  heading: string;
  paragraphs: string[];
  points?: string[];
}

export interface ContentSource {
  label: string;
  url: string;
}

export interface PageContent {
  title: string;
  lead: string;
  sections: ContentSection[];
  sources: ContentSource[];
}

export interface HomeContent extends PageContent {
  heroTitle: string;
  heroText: string;
  ctaSignIn: string;
  ctaGuest: string;
  ctaLearn: string;
  features: { title: string; text: string }[];
}
