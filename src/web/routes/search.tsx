import { PageContainer, PageHeader } from '../components/page-header.tsx'
import { SearchForm } from '../features/search/index.ts'
import { SearchResults } from '../features/search/index.ts'

/** /search: the form (its state mirrored in the URL) and, below it, the results of the search that URL holds. */
export default function SearchPage() {
  return (
    <PageContainer>
      <PageHeader title="Search flights" description="Round trip, one way or multi-city, with 20+ filters, price insights and where to book." />
      <div className="mt-6 grid gap-8">
        <SearchForm />
        <div>
          <SearchResults />
        </div>
      </div>
    </PageContainer>
  )
}
