// The card picker: tapping cards fills the cards text box (progressive enhancement).
