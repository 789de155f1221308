export function Skeleton({ width = '100%', height = '1rem', radius }: { width?: string; height?: string; radius?: string }) {
  return <span className="skeleton" style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}

/** Shown while a page's code or its translations are loading. */
export function PageSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <Skeleton width="55%" height="2rem" />
      <div className="stack">
        <Skeleton height="5.5rem" radius="var(--radius-lg)" />
        <Skeleton height="5.5rem" radius="var(--radius-lg)" />
        <Skeleton height="5.5rem" radius="var(--radius-lg)" />
      </div>
    </div>
  );
}

/** The whole app before the shell's translations are ready. */
export function ShellSkeleton() {
  return (
    <div className="shell" aria-busy="true">
      <header className="header">
        <div className="header-inner">
          <Skeleton width="4rem" height="1.75rem" />
          <span className="spacer" />
          <Skeleton width="6rem" height="2.25rem" radius="999px" />
        </div>
      </header>
      <main className="main">
        <PageSkeleton />
      </main>
    </div>
  );
}
