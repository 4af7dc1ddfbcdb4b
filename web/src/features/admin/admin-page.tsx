/** The administrators' dashboard; its activity and error streams arrive with the admin work. */
export const AdminPage = () => (
  <section className="animate-rise">
    <h1 className="font-display text-3xl font-bold tracking-tight">Admin Dashboard</h1>
    <p className="mt-2 text-muted">User activities and error logs will be shown here.</p>
  </section>
)
