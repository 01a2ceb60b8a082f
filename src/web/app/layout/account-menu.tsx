import { LayoutDashboard, LogOut, UserRound } from 'lucide-react'
import { useNavigate } from 'react-router'
import { hasRole, type Role } from '#shared/roles.ts'
import { PATHS } from '#shared/routes.ts'
import { useSignOut } from '../../features/auth/index.ts'
import { Button } from '../../components/ui/button.tsx'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx'

/** The signed-in user's menu: their email, Profile, Admin Dashboard (admins only) and Sign Out. */
export default function AccountMenu({ email, role }: { email: string; role: Role | null }) {
  const navigate = useNavigate()
  const handleSignOut = useSignOut()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" aria-label="Account menu" className="rounded-full">
          <UserRound aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="truncate font-normal text-muted-foreground">{email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(PATHS.profile)}>
          <UserRound aria-hidden="true" />
          Profile
        </DropdownMenuItem>
        {hasRole(role, 'admin') && (
          <DropdownMenuItem onSelect={() => navigate(PATHS.admin)}>
            <LayoutDashboard aria-hidden="true" />
            Admin Dashboard
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
