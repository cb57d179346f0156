class PeopleController < ApplicationController
  before_action :set_person, only: %i[show edit update destroy]

  def index
    @people = Person.order(:id)
  end

  def show
  end

  def new
    @person = Person.new
  end

  def edit
  end

  def create
    @person = Person.new(person_params)

    if @person.save
      redirect_to @person, notice: "Person was created."
    else
      render :new, status: :unprocessable_content
    end
  end

  def update
    if @person.update(person_params)
      redirect_to @person, notice: "Person was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  def destroy
    @person.destroy!
    redirect_to people_path, notice: "Person was deleted.", status: :see_other
  end

  private

  def set_person
    @person = Person.find(params.expect(:id))
  end

  def person_params
    params.expect(person: [:name, :born_on])
  end
end
