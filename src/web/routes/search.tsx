import { useLocation } from 'react-router'
import { hasSearch } from '#shared/flights/search-url.ts'
import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { NeedsNetwork } from '../components/role-gate.tsx'
import { SearchForm } from '../features/search/index.ts'
import { SearchResults } from '../features/search/index.ts'

/**
 * /search: the form (its state mirrored in the URL) and, below it, the results of the search that
 * URL holds. Fares are only worth showing live: offline, the page says so instead.
 */
export default function SearchPage() {
  const searched = hasSearch(useLocation().search)
  return (
    <NeedsNetwork>
      <PageContainer>
        <PageHeader
          title="Search flights"
          description="Round trip, one way or multi-city, with 20+ filters, price insights and where to book."
          descriptionOnPhone={!searched}
        />
        <div className="mt-4 grid gap-6 sm:mt-6 sm:gap-8">
          <SearchForm />
          <div>
            <SearchResults />
          </div>
        </div>
      </PageContainer>
    </NeedsNetwork>
  )
}
