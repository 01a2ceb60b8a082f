import { AirlinesSection } from './airlines-section.tsx'
import { BagsSection } from './bags-section.tsx'
import { ConnectionsSection } from './connections-section.tsx'
import { EmissionsSection } from './emissions-section.tsx'
import { LocaleSection } from './locale-section.tsx'
import { PriceSection } from './price-section.tsx'
import { SearchDepthSection } from './search-depth-section.tsx'
import { StopsSection } from './stops-section.tsx'
import { TimesSection } from './times-section.tsx'

/** Every filter of the spec's section 3, one section each (the sheet remounts it on Clear all). */
export function FilterFields() {
  return (
    <div>
      <StopsSection />
      <BagsSection />
      <PriceSection />
      <AirlinesSection />
      <TimesSection />
      <ConnectionsSection />
      <EmissionsSection />
      <LocaleSection />
      <SearchDepthSection />
    </div>
  )
}
