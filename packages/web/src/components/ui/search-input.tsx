import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { inputClass } from './form-field';

/** Wait after the last keystroke before searching on the server. */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchInputProps {
  /** Accessible name of the search box. */
  label: string;
  placeholder: string;
  /** The search in force (trimmed); typing is reported once it settles. */
  value: string;
  onSearch: (search: string) => void;
}

/** A search box with its icon that reports the trimmed text after typing pauses. */
export function SearchInput({ label, placeholder, value, onSearch }: SearchInputProps) {
  const [text, setText] = useState(value);
  // The settled search goes to the onSearch of the latest render, not of the render the typing
  // happened in: that one's closure holds the URL as it was then, and a status chosen during the
  // wait was taken back when the search landed.
  const latestOnSearch = useRef(onSearch);
  useEffect(() => {
    latestOnSearch.current = onSearch;
  });

  // Follow a search changed from outside (the URL, a reset) without undoing the user's spaces.
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return;
    const timer = setTimeout(() => latestOnSearch.current(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className="relative flex-1">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className={`${inputClass} pl-9`}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
