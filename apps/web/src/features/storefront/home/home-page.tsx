import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { homePageMeta } from '@vm/shared/page-meta';
import { PageHead } from '../../../lib/page-head';
import { useSiteSettings } from '../../../lib/site-settings';
import { trackPageVisit } from '../api/tracking';
import { useCompanyInfo } from '../company-info';
import { CategoryGrid } from './category-grid';
import { Hero } from './hero';
import { HomeSearchPanel } from './home-search-panel';
import { TaggedSection } from './tagged-section';
import { WhyChoose } from './why-choose';

export function HomePage() {
  const settings = useSiteSettings();
  const company = useCompanyInfo();
  const location = useLocation();
  const tracked = useRef(false);

  // HOME-30: one page-visit call per load (the ref survives React's double effects in dev).
  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    void trackPageVisit(location.pathname, document.referrer);
  }, [location.pathname]);

  return (
    <>
      <PageHead meta={homePageMeta(settings)} />
      <Hero heroImageUrl={company.heroImageUrl} companyName={company.companyName} />
      <div className="relative z-10 mx-auto -mt-20 max-w-5xl px-4 sm:px-6">
        <HomeSearchPanel />
      </div>
      <TaggedSection
        tag="featured"
        title="Featured Vehicles"
        fallbackTitle="Explore Our Vehicles"
        fallbackNote="Nothing is featured right now, so here is a selection from our current stock."
      />
      <CategoryGrid />
      <TaggedSection
        tag="popular"
        title="Popular Cars For Sale"
        fallbackTitle="Explore More Vehicles"
        fallbackNote="No popular picks yet, so here are more vehicles from our current stock."
      />
      <WhyChoose companyName={company.companyName} />
    </>
  );
}
