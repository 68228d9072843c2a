package users

// Person is a user as pickers and class lists show them: enough to name
// someone, nothing more.
type Person struct {
	ID          int64  `json:"id"`
	DisplayName string `json:"displayName"`
}
