/**
 * What a figure is doing with its motion:
 * - `passive`: no motion; today's ragdoll, pulled toward rest by STIFFNESS.
 * - `following`: its joints and balance assist drive it through the motion.
 * - `limp`: knocked down; joints at the STIFFNESS setting, no balance assist, until it lies still.
 * - `gettingUp`: blending from where it lies back into the motion.
 */
export type FigureMotionState = 'passive' | 'following' | 'limp' | 'gettingUp';
