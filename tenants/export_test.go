package tenants

// Waiting is how many requests wait for a connection of the registry's
// school-affine pool.
func Waiting(r *Registry) int {
	a := r.affinity
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.waiting.Len()
}
