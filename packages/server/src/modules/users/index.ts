// The users module's public surface: other modules import only this file (issue 15, point 3).
export { hashPassword, verifyPassword } from './passwords';
export { createUsersRepository, type UsersRepository } from './repository';
export {
  createUsersService,
  MIN_PASSWORD_LENGTH,
  USERNAME_PATTERN,
  toApiUser,
  validateNewCredentials,
  validatePassword,
  type UsersService,
} from './service';
export { usersRoutes } from './routes';
