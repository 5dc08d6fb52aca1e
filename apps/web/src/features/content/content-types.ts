/** The shape of every content page's translation file (features/content/locales/<lng>/<page>.json). */
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
