import { useNavigate, useSearchParams } from "react-router"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx"
import type { User } from "../../lib/session.ts"
import { AuthCard } from "./auth-card.tsx"
import { LoginForm } from "./login-form.tsx"
import { RegisterForm } from "./register-form.tsx"

/** Sign in or create an account. After either, the user goes home (administrators to their dashboard). */
export const AuthPage = () => {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const home = (user: User) => navigate(user.isAdmin ? "/admin" : "/", { replace: true })
  return (
    <AuthCard title="Welcome to Melody Studio" subtitle="Sign in to turn your ideas into songs.">
      <Tabs defaultValue={params.get("tab") === "register" ? "register" : "login"}>
        <TabsList>
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <LoginForm onSignedIn={home} />
        </TabsContent>
        <TabsContent value="register">
          <RegisterForm onRegistered={home} />
        </TabsContent>
      </Tabs>
    </AuthCard>
  )
}
