import { DEFAULT_MAKES, HOME_YEAR_COUNT } from '@vm/shared/constants';
import { yearOptions } from '@vm/shared/years';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/form-field';
import { useMakes } from '../api/vehicles';
import { MakeCombobox } from './make-combobox';

/**
 * Where the panel sends the visitor (HOME-06, docs/product-rules.md#search): /vehicles with make, minYear and
 * maxYear. A typed make that is not in the list becomes a keyword search instead of a make
 * filter that could match nothing ("porsch" still finds the Porsches).
 */
export function homeSearchTarget(makes: readonly string[], makeText: string, yearFrom: string, yearTo: string) {
  const params = new URLSearchParams();
  const text = makeText.trim();
  const make = makes.find((m) => m.toLowerCase() === text.toLowerCase());
  if (make) params.set('make', make);
  else if (text) params.set('query', text);
  if (yearFrom) params.set('minYear', yearFrom);
  if (yearTo) params.set('maxYear', yearTo);
  const query = params.toString();
  return query ? `/vehicles?${query}` : '/vehicles';
}

export function HomeSearchPanel() {
  const navigate = useNavigate();
  const makesQuery = useMakes();
  const makes = makesQuery.data ?? DEFAULT_MAKES;
  const years = yearOptions(HOME_YEAR_COUNT);
  const [make, setMake] = useState('');
  const [yearFrom, setYearFrom] = useState('');
  const [yearTo, setYearTo] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(homeSearchTarget(makes, make, yearFrom, yearTo));
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="home-search-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl sm:p-6"
    >
      <h2 id="home-search-title" className="mb-4 text-lg font-bold text-ink-900">
        Find your vehicle
      </h2>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end">
        <div className="col-span-2 md:col-span-1">
          <MakeCombobox label="Car Make" makes={makes} value={make} onChange={setMake} />
        </div>
        <SelectField label="Year From" value={yearFrom} onChange={(e) => setYearFrom(e.target.value)}>
          <option value="">Any</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <SelectField label="Year To" value={yearTo} onChange={(e) => setYearTo(e.target.value)}>
          <option value="">Any</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <Button type="submit" className="col-span-2 h-[38px] w-full md:col-span-1 md:w-auto">
          <Search className="h-4 w-4" aria-hidden="true" />
          Search
        </Button>
      </div>
    </form>
  );
}
